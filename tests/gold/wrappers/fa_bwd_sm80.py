"""flash-attn-4's Ampere-MMA backward kernel (flash_attn/cute/flash_bwd.py, FlashAttentionBackwardSm80), sm_80.

Configured as its interface configures this class (its SM8x/SM12x path) for head dim 128: 64x64 tiles, one Q
and one dO stage, no swapped MMAs, atom layouts 4/4/4, 128 threads; bf16, not causal; batch 2, 1024 tokens,
8 heads.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_80"


def compile_only(batch=2, seqlen=1024, heads=8, head_dim=128):
    import cutlass

    module = flash_attn("flash_bwd")
    utils = flash_attn("utils")
    q, k, v, do, dk, dv = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim)) for _ in range(6))
    lse_log2, dpsum = (row_major(cutlass.Float32, (batch, heads, seqlen)) for _ in range(2))
    dq_accum = row_major(cutlass.Float32, (batch, heads, seqlen * head_dim))
    bwd = module.FlashAttentionBackwardSm80(cutlass.BFloat16, head_dim, head_dim, 1, 64, 64, 1, 1, 128, False,
                                            False, False, False, False, False, 4, 4, 4, V_in_regs=False)
    return cutlass.cute.compile(bwd, q, k, v, do, lse_log2, dpsum, dq_accum, dk, dv, cutlass.Float32(head_dim ** -0.5),
                                None, None, None, None, None, None, None, None, None, utils.AuxData(None, None),
                                None, None, stream())
