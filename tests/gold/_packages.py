"""Import kernels from the pinned public PyPI packages for compile-only use: no torch, no GPU, no package __init__
(they import the torch-facing runtime API, or probe the GPU).

- flash-attn-4==4.0.0b36, quack-kernels==0.6.5, flashinfer-python==0.7.2.post1: the tune split and the first
  held-out splits;
- the third held-out split: flash-msa==0.1.1 (MSA block-sparse attention: the proxy block selection and the fused
  backward, mma.sync) and kernel-fun==0.2.0 (KDA linear attention: the chunked forward, tcgen05/TMEM/TMA), part A;
  flashlib==0.4.0 (k-means assignment: a fused GEMM + argmin epilogue) and dist-moe==0.1.0 (fused RMSNorm +
  weighted top-k combine, a norm), part B.
- the fourth held-out split, part B: fast-trimul==3.0.6 (triangle multiplicative update: its own LayerNorm, gate
  and gated-residual kernels) with flashinfer's Mamba2 SSD, RMSNorm + FP4 quantization and a Blackwell GEMM.
- the fifth held-out split: nvidia-cudnn-frontend==1.32.0 (the `cudnn` package's CuTeDSL kernels).
- the sixth held-out split: sglang==0.5.23 (its CuTeDSL kernels under `sglang/kernels/`).
- the seventh (reserve) split: mjolnir-kernel==0.1.0 (paged fp8 decode attention for SM110) and
  nemo-automodel==0.7.0 (MiniMax M3's MSA backward kernels for SM100).
- the eighth held-out split: liger-kernel==0.8.5 (its CuTeDSL ops under `liger_kernel/ops/cutedsl/ops/`) and
  transformer-engine==2.20.2 (its CuTeDSL MXFP8 quantization under `transformer_engine/common/CuTeDSL/`).
- the ninth held-out split: parallax-kernel==0.1.1 (its SM90 decode attention, `parallax/cute/`) and vllm==0.33.0
  (its own CuTeDSL kernels, not the vendored `vllm_flash_attn`).
- the tenth held-out split: tokenspeed-kernel==0.1.4 (TokenSpeed's CuTeDSL kernels under `tokenspeed_kernel/ops/`
  and `tokenspeed_kernel/thirdparty/`, not its flash-attn-4 or quack derivatives).
- the eleventh held-out split: lightmoe==0.1.0 (NVFP4 GEMM, quantization and MoE routing kernels for SM100).
- the twelfth held-out split: turbo-attn==0.70.1 (`tkv`: its CuTeDSL prefill over TurboQuant-compressed K/V), with more
  lightmoe, flash-attn-4 (sparse MLA backward GEMMs) and vllm kernels.
- the thirteenth held-out split: fold-attention==0.2.0 (its deterministic SM90 attention backward and its decode over a
  quantised paged cache) and sonic-moe==0.1.2.post1 (its MoE router top-k).
- the fourteenth held-out split: cache-dit==1.5.3 (its CuTeDSL attention-state merge and FP8 communication quantizers,
  `cache_dit/kernels/cutedsl/`) and attn-gym==0.0.17 (its own CuTeDSL kernels: KDA linear attention, gates, short
  convolution; not its cuDNN-frontend-derived `cudnn_fe` and indexer kernels).
- the fifteenth held-out split: tokenspeed-mla==2.0.4 (TokenSpeed's CuTeDSL MLA prefill and decode kernels for
  Blackwell, `tokenspeed_mla/`).

They are installed with `pip install --no-deps` by `.ci/setup`; their kernels are imported from the installed copy, never copied into this repository. torch and
triton are answered by the stand-in of examples/corpus/_sources.py.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types

_CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                       "examples", "corpus")


def _stand_ins() -> None:
    if _CORPUS not in sys.path:
        sys.path.append(_CORPUS)
    importlib.import_module("_sources").without_torch()


def _package_dir(name: str) -> str:
    top = name.split(".")[0]
    spec = sys.modules[top].__spec__ if top in sys.modules else importlib.util.find_spec(top)
    if top in sys.modules and spec is None:
        return os.path.join(sys.modules[top].__path__[0], *name.split(".")[1:])
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"{name}: not installed; run .ci/setup (it pins the gold set's packages)")
    return os.path.join(list(spec.submodule_search_locations)[0], *name.split(".")[1:])


def _namespace(name: str) -> None:
    """Register package `name` at its installed directory without running its __init__."""
    if name in sys.modules:
        return
    module = types.ModuleType(name)
    module.__path__ = [_package_dir(name)]
    module.__version__ = "0"
    sys.modules[name] = module


def quack(module: str):
    """``quack.<module>``; quack's __init__ runs (it only installs its tensor-indexing sugar and imports kernels)."""
    _stand_ins()
    return importlib.import_module(f"quack.{module}")


def flash_attn(module: str):
    """``flash_attn.cute.<module>`` from the flash-attn-4 package."""
    _stand_ins()
    importlib.import_module("quack")
    _namespace("flash_attn")
    _namespace("flash_attn.cute")
    return importlib.import_module(f"flash_attn.cute.{module}")


def flashinfer(module: str, host_only: tuple[str, ...] = ()):
    """``flashinfer.<module>`` (dotted) from the flashinfer-python package, its package __init__s skipped.
    `host_only` names flashinfer modules (dotted, e.g. ``"utils"``) that the kernel's file imports for its
    torch-facing API only; the torch stand-in answers them (``flashinfer.utils`` imports pynvml and the JIT
    loader at import time)."""
    _stand_ins()
    for name in host_only:
        sys.modules.setdefault(f"flashinfer.{name}", importlib.import_module("_sources")._TorchStandIn(
            f"flashinfer.{name}"))
    parts = module.split(".")
    for i in range(1, len(parts)):
        _namespace(".".join(["flashinfer", *parts[:i]]))
    _namespace("flashinfer")
    return importlib.import_module(f"flashinfer.{module}")


def b12x(module: str):
    """``b12x.<module>`` (dotted): flashinfer's embedded b12x kernels (``flashinfer/experimental/b12x/``) under the
    top-level name their files import each other by (``from b12x._lib.intrinsics import ...``). The ``b12x`` alias
    package's __init__ runs b12x's whole torch-facing API, so ``b12x`` is registered at flashinfer's directory,
    not run."""
    _stand_ins()
    if "b12x" not in sys.modules:
        root = types.ModuleType("b12x")
        root.__path__ = [os.path.join(_package_dir("flashinfer"), "experimental", "b12x")]
        sys.modules["b12x"] = root
    parts = module.split(".")
    for i in range(1, len(parts)):
        _namespace(".".join(["b12x", *parts[:i]]))
    return importlib.import_module(f"b12x.{module}")


def _skipping_inits(module: str):
    """``module`` imported with every package above it registered, not run (their __init__s import the torch-facing
    API or, as flashlib's, probe the GPU)."""
    _stand_ins()
    parts = module.split(".")
    for i in range(1, len(parts)):
        _namespace(".".join(parts[:i]))
    return importlib.import_module(module)


def flashlib(module: str):
    """``flashlib.<module>`` (dotted) from the flashlib package, its package __init__s skipped."""
    return _skipping_inits(f"flashlib.{module}")


def dist_moe(module: str):
    """``dist_moe.kernels.<module>`` (dotted) from the dist-moe package, its package __init__s skipped."""
    return _skipping_inits(f"dist_moe.kernels.{module}")


def flash_msa(module: str):
    """``flash_msa.<module>`` from the flash-msa package (MSA block-sparse attention), its __init__ skipped."""
    return _skipping_inits(f"flash_msa.{module}")


def kernel_fun(module: str):
    """``kernel_fun.<module>`` (dotted) from the kernel-fun package (KDA linear attention), its __init__s skipped
    (they import flash-linear-attention and torch)."""
    return _skipping_inits(f"kernel_fun.{module}")


def cudnn(module: str, host_only: tuple[str, ...] = ()):
    """``cudnn.<module>`` (dotted) from the nvidia-cudnn-frontend package, its __init__s skipped (the top one loads
    the cuDNN graph API's compiled module and torch). `host_only` names cudnn modules (dotted, e.g.
    ``"frost.device"``) that the kernel's file imports for its host launcher only; the torch stand-in answers them
    (``cudnn.frost.device`` loads the compiled module to query the GPU)."""
    _stand_ins()
    for name in host_only:
        sys.modules.setdefault(f"cudnn.{name}", importlib.import_module("_sources")._TorchStandIn(f"cudnn.{name}"))
    return _skipping_inits(f"cudnn.{module}")


def sglang(module: str, host_only: tuple[str, ...] = ()):
    """``sglang.<module>`` (dotted) from the sglang package, its __init__s skipped (the top one imports the whole
    serving runtime). `host_only` names sglang modules (dotted, e.g. ``"srt.utils"``) that the kernel's file
    imports for its torch-facing launcher only; the torch stand-in answers them."""
    _stand_ins()
    for name in host_only:
        parts = f"sglang.{name}".split(".")
        for i in range(1, len(parts)):
            _namespace(".".join(parts[:i]))
        sys.modules.setdefault(f"sglang.{name}", importlib.import_module("_sources")._TorchStandIn(f"sglang.{name}"))
    return _skipping_inits(f"sglang.{module}")


def mjolnir(module: str):
    """``mjolnir.<module>`` from the mjolnir-kernel package, its __init__ skipped (it registers the vLLM backend)."""
    return _skipping_inits(f"mjolnir.{module}")


def nemo_automodel(module: str):
    """``nemo_automodel.<module>`` (dotted) from the nemo-automodel package. The package __init__s above the kernel
    module are skipped except the kernels' own (``minimax_m3_vl.kernels``: `require_cute_dsl` and `sm_count`, which
    imports ``nemo_automodel.shared.import_utils``)."""
    _stand_ins()
    parts = f"nemo_automodel.{module}".split(".")
    for i in range(1, len(parts)):
        name = ".".join(parts[:i])
        if name.endswith(".kernels"):
            importlib.import_module(name)
        else:
            _namespace(name)
    return importlib.import_module(f"nemo_automodel.{module}")


def liger_kernel(module: str, host_only: tuple[str, ...] = ()):
    """``liger_kernel.<module>`` (dotted) from the liger-kernel package, its __init__s skipped (they import triton
    and the torch-facing transformers patches). `host_only` names liger_kernel modules (dotted, e.g.
    ``"ops.utils"``) that the kernel's file imports for its torch-facing API only; the torch stand-in answers them
    (``liger_kernel.ops.utils`` compares torch's version at import)."""
    _stand_ins()
    for name in host_only:
        parts = f"liger_kernel.{name}".split(".")
        for i in range(1, len(parts)):
            _namespace(".".join(parts[:i]))
        sys.modules.setdefault(f"liger_kernel.{name}", importlib.import_module("_sources")._TorchStandIn(
            f"liger_kernel.{name}"))
    return _skipping_inits(f"liger_kernel.{module}")


def transformer_engine(module: str):
    """``transformer_engine.<module>`` (dotted) from the transformer-engine package, its __init__s skipped (the top
    one loads the compiled transformer_engine_torch extension; ``common.CuTeDSL``'s registers TVM-FFI globals)."""
    return _skipping_inits(f"transformer_engine.{module}")


def parallax(module: str):
    """``parallax.<module>`` (dotted) from the parallax-kernel package, its __init__s skipped (the top one imports the
    Triton training kernels; ``parallax.cute``'s imports the torch-facing decode API). The package pins
    nvidia-cutlass-dsl 4.1.0, whose names 4.8 moved are given back as aliases: ``cute.core.ThrMma`` (its vendored
    utils name it in an annotation evaluated at import) and ``cute.make_fragment`` (now ``make_rmem_tensor``, taken
    when this is called, so a tracer's patch of it is what the alias calls)."""
    from cutlass import cute

    if not hasattr(cute.core, "ThrMma"):
        cute.core.ThrMma = cute.ThrMma
    _make_fragment_alias()
    return _skipping_inits(f"parallax.{module}")


def _make_fragment_alias() -> None:
    """``cute.make_fragment``, which CuTeDSL 4.8 renamed ``make_rmem_tensor``, for kernels written against older
    versions; taken when this is called, so a tracer's patch of it is what the alias calls."""
    from cutlass import cute

    cute.make_fragment = cute.make_rmem_tensor


def old_fence_enums() -> None:
    """``cute.arch.ProxyKind`` / ``cute.arch.SharedSpace``, enums CuTeDSL 4.8 replaced by strings, given back for
    GitHub trees whose kernels fence with them (``fence_proxy(ProxyKind.async_shared, space=SharedSpace.shared_cta)``);
    no tensor is made by them."""
    from types import SimpleNamespace

    from cutlass import cute

    cute.arch.ProxyKind = SimpleNamespace(async_shared="async.shared")
    cute.arch.SharedSpace = SimpleNamespace(shared_cta="cta")


def old_vendored_names() -> None:
    """Names CuTeDSL 4.8.1 moved, given back for GitHub trees that vendor older flash-attn utils: module-level partials
    built with ``nvvm.RoundingModeKind.RN`` (now ``nvvm.FPRoundingMode``, same members) and annotations with
    ``cute.core.ThrMma`` / ``cute.core.ThrCopy`` (now ``cute.ThrMma`` / ``cute.ThrCopy``); no tensor is made by them."""
    from cutlass import cute
    from cutlass._mlir.dialects import nvvm

    if not hasattr(nvvm, "RoundingModeKind"):
        nvvm.RoundingModeKind = nvvm.FPRoundingMode
    for name in ("ThrMma", "ThrCopy"):
        if not hasattr(cute.core, name):
            setattr(cute.core, name, getattr(cute, name))


def vllm(module: str, host_only: tuple[str, ...] = ()):
    """``vllm.<module>`` (dotted) from the vllm package, its __init__s skipped (the top one imports the serving engine
    and torch). `host_only` names vllm modules (dotted, e.g. ``"triton_utils"``) that the kernel's file imports for its
    torch-facing API only; the torch stand-in answers them (``vllm.triton_utils`` reads vLLM's environment config)."""
    _stand_ins()
    for name in host_only:
        parts = f"vllm.{name}".split(".")
        for i in range(1, len(parts)):
            _namespace(".".join(parts[:i]))
        sys.modules.setdefault(f"vllm.{name}", importlib.import_module("_sources")._TorchStandIn(f"vllm.{name}"))
    return _skipping_inits(f"vllm.{module}")


def tokenspeed_kernel(module: str, search_root: str = ""):
    """``tokenspeed_kernel.<module>`` (dotted) from the tokenspeed-kernel package, its __init__s skipped (the top one
    loads the compiled extension and the torch-facing op registry). `search_root` (a dotted package, e.g.
    ``"thirdparty.msa.cute"``) is put on sys.path first for vendored code that imports its siblings by a top-level
    name (MiniMax's MSA kernels import ``src.common``)."""
    _stand_ins()
    if search_root:
        root = _package_dir(f"tokenspeed_kernel.{search_root}")
        if root not in sys.path:
            sys.path.append(root)
    return _skipping_inits(f"tokenspeed_kernel.{module}")


def lightmoe(module: str):
    """``lightmoe.<module>`` (dotted) from the lightmoe package, its __init__s skipped (they are lazy export tables;
    skipped for uniformity with the other loaders). The package declares Python >= 3.12 and nvidia-cutlass-dsl < 4.8;
    its kernels compile on 3.11 and 4.8.1."""
    return _skipping_inits(f"lightmoe.{module}")


def turbo_attn(module: str):
    """``tkv.<module>`` (dotted) from the turbo-attn package. The packages above the kernel module are registered
    without running their __init__s (``tkv``'s imports the serving runtime), except ``tkv.kernels.cute``'s, which the
    prefill kernels import their flash-attention building blocks from (it needs only cutlass)."""
    _stand_ins()
    for name in ("tkv", "tkv.kernels", "tkv.kernels.cuda", "tkv.kernels.cuda.prefill"):
        _namespace(name)
    return importlib.import_module(f"tkv.{module}")


def fold_attention(module: str):
    """``fold_attention.<module>`` (dotted) from the fold-attention package, its __init__s skipped (the top one imports
    the torch-facing interface, and with it flash-attn-4's). Its kernels import flash-attn-4's ``flash_attn.cute``
    helpers and quack's, so those are made importable as `flash_attn` does. The package declares Python >= 3.12 and
    flash-attn-4 4.0.0b31; its kernels compile on 3.11 against the pinned 4.0.0b36."""
    _stand_ins()
    importlib.import_module("quack")
    _namespace("flash_attn")
    _namespace("flash_attn.cute")
    return _skipping_inits(f"fold_attention.{module}")


def sonic_moe(module: str):
    """``sonicmoe.<module>`` (dotted) from the sonic-moe package, its __init__s skipped (the top one imports the
    torch-facing MoE module and its Triton kernels). The package declares Python >= 3.12; its CuTeDSL kernel compiles on
    3.11. The top-k kernel sizes itself with ``triton.next_power_of_2`` at construction: the triton stand-in is given
    that one host helper."""
    _stand_ins()
    importlib.import_module("quack")
    triton = importlib.import_module("triton")
    if not hasattr(triton, "__file__"):  # the stand-in, not a real triton
        triton.next_power_of_2 = lambda n: 1 << (int(n) - 1).bit_length()
    return _skipping_inits(f"sonicmoe.{module}")


def cache_dit(module: str):
    """``cache_dit.<module>`` (dotted) from the cache-dit package, its __init__s skipped (they import the diffusers
    runtime and its torch ops registry); torch is the stand-in, whose `cuda.is_available()` answers False, so the
    module leaves `CUTE_DSL_ARCH` to the wrapper."""
    return _skipping_inits(f"cache_dit.{module}")


def attn_gym(module: str):
    """``attn_gym.<module>`` (dotted) from the attn-gym package, its __init__s skipped (they import the torch-facing
    attention APIs and register torch ops), except its CuTeDSL backend's (`attn_gym._backends.cute`), whose names
    the kernels import from it (`compile_tvm_ffi`, `jit_cache`, `TMA_ALIGNMENT_BYTES`)."""
    _stand_ins()
    _namespace("attn_gym")
    importlib.import_module("attn_gym._backends.cute")
    return _skipping_inits(f"attn_gym.{module}")


# The device fast_trimul sizes its LayerNorm grid by at import (an H100 SXM: 132 SMs, 2048 threads each).
_H100 = types.SimpleNamespace(multi_processor_count=132, max_threads_per_multi_processor=2048,
                              shared_memory_per_block_optin=232448)


def fast_trimul(module: str):
    """``fast_trimul.<module>`` from the fast-trimul package, its __init__ skipped (it imports the torch backends);
    the torch stand-in answers `torch.cuda.get_device_properties` with an H100's figures."""
    _stand_ins()
    torch = importlib.import_module("torch")
    if not hasattr(torch, "__file__"):  # the stand-in, not a real torch
        torch.cuda.get_device_properties = lambda _device: _H100
    return _skipping_inits(f"fast_trimul.{module}")


def tokenspeed_mla(module: str):
    """``tokenspeed_mla.<module>`` from the tokenspeed-mla package, its __init__ skipped (it imports the torch-facing
    prefill / decode launchers, which import torch and tvm_ffi's torch stream helpers)."""
    return _skipping_inits(f"tokenspeed_mla.{module}")



# The sixteenth held-out split comes from public GitHub repositories, which CI cannot install (github.com does not
# resolve there): their trees live outside this repository, one folder `<owner>+<name>` per repository under the
# folder this variable names, each extracted at the commit its wrappers pin (tests/gold/README.md, "Sixteenth split").
GOLD_SOURCES = "CUTE_INSPECT_GOLD_SOURCES"


class SourceAbsent(ModuleNotFoundError):
    """A wrapper's GitHub source tree is not on this machine: the wrapper cannot be traced, and is not scored."""


def github_tree(repo: str) -> str:
    """The folder holding GitHub repository ``owner/name``'s extracted tree; `SourceAbsent` if there is none."""
    root = os.environ.get(GOLD_SOURCES)
    if not root:
        raise SourceAbsent(f"{repo}: source absent ({GOLD_SOURCES} is not set)")
    tree = os.path.join(root, repo.replace("/", "+"))
    if not os.path.isdir(tree):
        raise SourceAbsent(f"{repo}: source absent (no {tree})")
    return tree


def github_source(repo: str, top: str, module: str):
    """``<module>`` (dotted, starting with its top package) from GitHub repository ``owner/name``'s tree, the top
    package found in the tree's folder ``top``; every package above the module is registered, not run (their
    __init__s import the torch-facing runtime). torch is the stand-in; ``cute.make_fragment`` is given back (some of
    these trees were written against CuTeDSL before 4.8)."""
    _stand_ins()
    _make_fragment_alias()
    folder = os.path.join(github_tree(repo), top)
    parts = module.split(".")
    for i in range(1, len(parts)):
        name = ".".join(parts[:i])
        if name not in sys.modules:
            package = types.ModuleType(name)
            package.__path__ = [os.path.join(folder, *parts[:i])]
            sys.modules[name] = package
    return importlib.import_module(module)


def github_file(repo: str, path: str, name: str):
    """File ``path`` of GitHub repository ``owner/name``'s tree, loaded as module ``name`` (for files at a tree's root
    whose stem clashes with another module, or is no Python identifier); stand-ins and the make_fragment alias as
    `github_source` registers them."""
    _stand_ins()
    _make_fragment_alias()
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, os.path.join(github_tree(repo), path))
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded
    spec.loader.exec_module(loaded)
    return loaded
