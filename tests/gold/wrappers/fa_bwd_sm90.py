"""flash-attn-4's backward kernel for Hopper (flash_attn/cute/flash_bwd_sm90.py), sm_90a.

Configured as its interface does for head dim 128, causal (64x128 tiles, S and dP computed swapped,
2 warpgroups of MMA), bf16; batch 2, 1024 tokens, 8 heads.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_90a"


def compile_only(batch=2, seqlen=1024, heads=8, head_dim=128):
    import cutlass

    module = flash_attn("flash_bwd_sm90")
    utils = flash_attn("utils")
    q, k, v, do, dk, dv = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim)) for _ in range(6))
    lse_log2, dpsum = (row_major(cutlass.Float32, (batch, heads, seqlen), align=4) for _ in range(2))
    dq_accum = row_major(cutlass.Float32, (batch, heads, seqlen * head_dim), align=4)
    bwd = module.FlashAttentionBackwardSm90(cutlass.BFloat16, head_dim, head_dim, 1, is_causal=True, tile_m=64,
                                            tile_n=128, Q_stage=2, dO_stage=2, PdS_stage=2, SdP_swapAB=True,
                                            dKV_swapAB=False, dQ_swapAB=False, AtomLayoutMSdP=1,
                                            AtomLayoutNdKV=2, AtomLayoutMdQ=1, num_threads=384)
    return cutlass.cute.compile(bwd, q, k, v, do, lse_log2, dpsum, dq_accum, dk, dv, cutlass.Float32(head_dim ** -0.5),
                                None, None, None, None, None, None, None, None, None, utils.AuxData(None, None),
                                None, None, stream())
