"""CUTLASS's Hopper FMHA forward example (cute/hopper/kernel/attention/fmha.py), sm_90a.

Its run() defaults: Q and K of shape (B, S, H, D) = (1, 128, 16, 128), fp16 in and out, fp32 accumulators,
a 64x128 MMA tile, window mask without a window; the kernel takes (s, d, h_r, h_k, b) views, D contiguous.
"""

import _fake
import _sources

ARCH = "sm_90a"


def compile_only(b=1, s_q=128, s_k=128, h=16, d=128):
    import cutlass

    example = _sources.cutlass_example("cute/hopper/kernel/attention/fmha.py")
    fmha_utils = __import__("helpers.fmha_helpers", fromlist=["MaskEnum"])
    f16, f32 = cutlass.Float16, cutlass.Float32
    order = (3, 0, 1, 2, 4)  # (s, d, h_r, h_k, b) over torch's contiguous (b, s, h_k, h_r, d)
    q = _fake.tensor(f16, (s_q, d, 1, h, b), order)
    k = _fake.tensor(f16, (s_k, d, 1, h, b), order)
    v = _fake.tensor(f16, (s_k, d, 1, h, b), order)
    o = _fake.tensor(f16, (s_q, d, 1, h, b), order)
    lse = _fake.tensor(f32, (s_q, 1, 1, h, b), order, align=4)
    fmha = example.HopperFusedMultiHeadAttentionForward(f32, f32, (64, 128, d), False,
                                                        fmha_utils.MaskEnum.WINDOW_MASK)
    scale = 1.0 / d ** 0.5
    return cutlass.cute.compile(fmha, q, k, v, o, lse, scale * 1.4426950408889634, scale, 1.0, None, None,
                                _fake.stream())
