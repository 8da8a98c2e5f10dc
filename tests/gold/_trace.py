"""Trace one gold-set wrapper in its own process (CuTeDSL reads CUTE_DSL_ARCH once per process) and return the
JSON trace, with each event's file made package-relative (``flash_attn/cute/flash_bwd_sm90.py``)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tempfile

PACKAGES = ("flash_attn/", "quack/", "flashinfer/", "flashlib/", "dist_moe/", "flash_msa/", "kernel_fun/", "fast_trimul/",
            "cudnn/", "sglang/", "mjolnir/", "nemo_automodel/", "liger_kernel/", "transformer_engine/",
            "parallax/", "vllm/", "tokenspeed_kernel/", "lightmoe/", "tkv/",
            "fold_attention/", "sonicmoe/", "cache_dit/", "attn_gym/", "tokenspeed_mla/",
            "mamba_ssm/", "flash_comm/", "torchao/",
            "megatron/", "Kernel-Heim+forge-cute-py/", "forge_cute_py/", "gn_kernels/", "transformer_nuggets/",
            "zyksir+CudaDiveDeep/", "syedMohib44+cuda-triton-multiarch/", "Rhys-Q+cuda_learn/", "dsl/attention/",
            "operators/", "mega_attention/", "punwai+cute-flash-attn/", "alexarmbr+cute_kernels/",
            "supercharleszhu+cutlass-puzzle/", "dungwoong+fused_kernels_cutedsl_lib/",
            "xlite-dev+ffpa-attn/", "goldbar123467+nvfp4_dual_gemm/",
            "roycho96+cute-dsl-gemm-sm120/", "m87-labs+kestrel/",
            "dungwoong+gemm_cuteDSL/", "b-vitamins+slinoss/",
            "meta-pytorch+KernelAgent/", "luongthecong123+learn-cutedsl/",
            "KindRoach+learn-CuTeDSL/", "Xin-Jing-11+cutlass-cute-playground/",
            "jkzhang7+cuda_kernels/", "minoya1220+cute-kernels/", "sampan26+cute_bits/",
            "ExpressGradient+cute_dsl_kernels/", "Austeritz-L+CuTeDSL-Tutorial/",
            "currybab+cute-dsl-practice/", "iwzbi+cutedsl-ops/",
            "roycho96+cute-dsl-tutorial/", "NVIDIA+TensorRT-LLM/")


class TraceFailed(RuntimeError):
    """The wrapper did not compile under the tracer; the message ends with the tracer's last stderr line."""


def wrapper_arch(path: str) -> str:
    """The wrapper's module-level ``ARCH = "sm_90a"``, read without importing it."""
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "ARCH" for t in node.targets):
            return ast.literal_eval(node.value)
    raise ValueError(f"{path}: no ARCH = '...' at module level")


def wrapper_source(path: str) -> tuple[str, str] | None:
    """The wrapper's module-level ``SOURCE = ("owner/name", "<40-hex commit>")``: the GitHub tree its kernel loads from,
    or None for a wrapper of an installed package. A wrapper may import it from a loader module beside it
    (``from _loader import SOURCE``), which several wrappers of one repository share."""
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "SOURCE" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
        if isinstance(node, ast.ImportFrom) and node.level == 0 and any(a.name == "SOURCE" for a in node.names):
            loader = os.path.join(os.path.dirname(path), f"{node.module}.py")
            if os.path.exists(loader):
                return wrapper_source(loader)
    return None


def source_absent(path: str) -> str | None:
    """Why the wrapper's GitHub source tree is not on this machine (then it cannot be traced), or None."""
    from tests.gold import _packages

    if not os.path.exists(path):
        return None  # the trace reports the missing wrapper as a crash, as before
    source = wrapper_source(path)
    if source is None:
        return None
    try:
        _packages.github_tree(source[0])
    except _packages.SourceAbsent as absent:
        return str(absent)
    return None


def package_relative(path: str) -> str:
    """``.../site-packages/flash_attn/cute/x.py`` -> ``flash_attn/cute/x.py``; other paths unchanged."""
    norm = path.replace(os.sep, "/")
    for package in PACKAGES:
        at = norm.rfind("/" + package)
        if at >= 0:
            return norm[at + 1:]
        if norm.startswith(package):
            return norm
    return norm


def in_package(path: str) -> bool:
    return package_relative(path).startswith(PACKAGES)


def _died_of_a_signal(done) -> bool:
    """The child was killed, or `cute-inspect` reports (exit 2) that the process it ran the target in was: it
    traces the target in a forked copy of itself and turns that copy's death into this message."""
    return done.returncode < 0 or (done.returncode == 2 and " the process died of SIG" in done.stderr)


def trace_wrapper(path: str, timeout: float = 600) -> dict:
    """Run ``cute_inspect trace WRAPPER:compile_only --format json`` in a child process.

    The child runs in a temporary directory, so the tracer is the `cute_inspect` that PYTHONPATH (or the
    installed package) gives, not one that happens to sit in the working directory.
    """
    for attempt in range(2):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "trace.json")
            cmd = [sys.executable, "-m", "cute_inspect", "trace", f"{os.path.abspath(path)}:compile_only",
                   "--arch", wrapper_arch(path), "--format", "json", "-o", out]
            # One hash seed for every trace, so a figure that moved from run to run could hold no floor: the
            # tracer's labels once depended on the order strings hash in (docs/trace.md, twenty-eighth session).
            # CUTE_INSPECT_GOLD_HASHSEED picks another seed, to look for such dependences by diffing two scores.
            seed = os.environ.get("CUTE_INSPECT_GOLD_HASHSEED", "0")
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=tmp,
                                  env={**os.environ, "PYTHONHASHSEED": seed})
            if done.returncode == 0 and os.path.exists(out):
                with open(out) as f:
                    trace = json.load(f)
                break
        # A trace whose process died of a signal (CuTeDSL's native code has segfaulted in CI under load, never
        # reproducibly alone) gets one more try; any other failure is the tracer's own and is never retried.
        if not _died_of_a_signal(done) or attempt == 1:
            last = (done.stderr.strip().splitlines() or ["(no stderr)"])[-1]
            raise TraceFailed(f"{path}: trace exited {done.returncode}: {last}")
    for event in trace["events"]:
        event["file"] = package_relative(event["file"])
    return trace
