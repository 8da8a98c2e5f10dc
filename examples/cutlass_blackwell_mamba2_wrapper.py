"""Compile-only wrapper: trace CUTLASS's own Blackwell Mamba2 SSD kernel example, unmodified, with no GPU.

    cute-inspect check examples/cutlass_blackwell_mamba2_wrapper.py:compile_only --arch sm_100a

Shapes and strides follow the example's ``run()`` (its defaults: G,B,E,H,C,D,L,N = 2,4,2,40,32,64,128,128,
bf16 in and out, fp32 cumsum and accumulate, no D), with static extents.
"""

import sys
import types

import _cutlass_examples

_REFERENCE = "cute.blackwell.kernel.attention.mamba2_ssd.mamba2_ssd_reference"


def _without_torch_reference():
    """The example imports its torch reference at import time; compiling needs none of it."""
    if _REFERENCE not in sys.modules:
        stub = types.ModuleType(_REFERENCE)
        stub.ssd_reference_fp32_all = stub.ssd_reference_lowprecision_intermediates = None
        stub.analyze_relative_diffs = None
        sys.modules[_REFERENCE] = stub


def compile_only(gbehcdln=(2, 4, 2, 40, 32, 64, 128, 128)):
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    _without_torch_reference()
    example = _cutlass_examples.load("cute/blackwell/kernel/attention/mamba2_ssd/mamba2_ssd.py")
    G, B, E, H, C, D, L, N = gbehcdln
    EH = E * H
    io, f32 = cutlass.BFloat16, cutlass.Float32

    def fake(dtype, shape, order):
        return make_fake_compact_tensor(dtype, shape, stride_order=order, assumed_align=16)

    x = fake(io, (D, L, C, EH, B), (2, 0, 1, 3, 4))
    cumsum_delta = fake(f32, (L, C, EH, B), (0, 1, 2, 3))
    delta = fake(io, (L, C, EH, B), (0, 1, 2, 3))
    b = fake(io, (L, N, C, G, B), (0, 2, 1, 3, 4))
    c = fake(io, (L, N, C, G, B), (0, 2, 1, 3, 4))
    y = fake(io, (L, D, C, EH, B), (0, 2, 1, 3, 4))
    fstate = fake(io, (D, N, EH, B), (1, 0, 2, 3))
    ssd = example.SSDKernel(io, f32, f32, L, D, N, False, False)
    return cutlass.cute.compile(ssd, x, cumsum_delta, delta, b, c, y, fstate, None, 148, make_fake_stream())
