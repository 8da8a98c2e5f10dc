"""CUTLASS's Blackwell FMHA forward example (cute/blackwell/kernel/attention/fmha/fmha.py), sm_100a.

Its run() defaults: Q and K of shape (B, S, H, D) = (1, 256, 8, 128), fp16 in and out, fp32 accumulators,
a 128x128 MMA tile, not persistent, residual-free window mask; tensors are (b, s, h_k, h_r, d), D contiguous.
"""

import _fake
import _sources

ARCH = "sm_100a"


def compile_only(b=1, s_q=256, s_k=256, h=8, d=128):
    import cutlass

    example = _sources.cutlass_example("cute/blackwell/kernel/attention/fmha/fmha.py")
    fmha_utils = __import__("helpers.fmha_helpers", fromlist=["MaskEnum"])
    f16, f32 = cutlass.Float16, cutlass.Float32
    q = _fake.row_major(f16, (b, s_q, h, 1, d))
    k = _fake.row_major(f16, (b, s_k, h, 1, d))
    v = _fake.row_major(f16, (b, s_k, h, 1, d))
    o = _fake.row_major(f16, (b, s_q, h, 1, d))
    fmha = example.BlackwellFusedMultiHeadAttentionForward(f32, f32, (128, 128), d, False,
                                                           fmha_utils.MaskEnum.WINDOW_MASK, False, False)
    scale = 1.0 / d ** 0.5
    problem = (b, s_q, s_q, s_k, h, h, d, d)
    return cutlass.cute.compile(fmha, q, k, v, o, problem, None, None, None, None, scale * 1.4426950408889634,
                                scale, 1.0, None, None, None, None, None, _fake.stream(), False)
