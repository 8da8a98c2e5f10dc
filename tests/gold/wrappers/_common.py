"""Fake tensors and the package loader for the gold set's compile-only wrappers."""

from __future__ import annotations

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
for _path in (os.path.dirname(_HERE), os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(_HERE))),
                                                   "examples", "corpus")):
    if _path not in sys.path:
        sys.path.append(_path)

import _fake  # noqa: E402  (examples/corpus: fake tensors with a stride order)
import _packages  # noqa: E402  (tests/gold: the pinned PyPI kernels)

tensor, row_major, stream, dynamic = _fake.tensor, _fake.row_major, _fake.stream, _fake.dynamic
flash_attn, quack, flashinfer = _packages.flash_attn, _packages.quack, _packages.flashinfer
b12x = _packages.b12x
flashlib, dist_moe = _packages.flashlib, _packages.dist_moe
flash_msa, kernel_fun = _packages.flash_msa, _packages.kernel_fun
fast_trimul, cudnn, sglang = _packages.fast_trimul, _packages.cudnn, _packages.sglang
mjolnir, nemo_automodel = _packages.mjolnir, _packages.nemo_automodel
liger_kernel, transformer_engine = _packages.liger_kernel, _packages.transformer_engine
parallax, vllm = _packages.parallax, _packages.vllm
tokenspeed_kernel = _packages.tokenspeed_kernel
lightmoe = _packages.lightmoe
turbo_attn = _packages.turbo_attn
fold_attention, sonic_moe = _packages.fold_attention, _packages.sonic_moe
cache_dit, attn_gym = _packages.cache_dit, _packages.attn_gym
tokenspeed_mla = _packages.tokenspeed_mla
github_source, github_file = _packages.github_source, _packages.github_file
old_fence_enums = _packages.old_fence_enums
old_vendored_names = _packages.old_vendored_names


def dynamic_layout(dtype, rank, contiguous=-1, align=16):
    """A fake tensor as `from_dlpack(...).mark_layout_dynamic()` presents a real one: run-time extents and strides,
    the contiguous mode's stride 1."""
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    contiguous %= rank
    stride = tuple(1 if mode == contiguous else cute.sym_int64() for mode in range(rank))
    return make_fake_tensor(dtype, tuple(cute.sym_int() for _ in range(rank)), stride=stride, assumed_align=align)


def last_contiguous(dtype, rank, divisibility=8, align=16):
    """A fake tensor as flash-attn's `convert_from_dlpack(x, leading_dim=last, divisibility=d)` (or `from_dlpack(x)
    .mark_layout_dynamic(leading_dim=last).mark_compact_shape_dynamic(mode=last, divisibility=d)`) presents a row-major
    one: run-time extents and strides, the last mode contiguous and its extent (and so every other stride) a multiple
    of `divisibility`; `align` is the data pointer's assumed alignment in bytes."""
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    shape = tuple(cute.sym_int(divisibility=divisibility if mode == rank - 1 else 1) for mode in range(rank))
    stride = tuple(1 if mode == rank - 1 else cute.sym_int64(divisibility=divisibility) for mode in range(rank))
    return make_fake_tensor(dtype, shape, stride=stride, assumed_align=align)
