"""flash-attn-4's attention backward for Blackwell (flash_attn/cute/flash_bwd_sm100.py), sm_100a.

Configured as its interface does for head dim 64, causal, MHA: 128x128 tiles, one CTA (2-CTA MMAs start at
head dim 128), q_subtile_factor 2, not deterministic; bf16; batch 2, 1024 tokens, 8 heads.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_100a"


def compile_only(batch=2, seqlen=1024, heads=8, head_dim=64):
    import cutlass

    module = flash_attn("flash_bwd_sm100")
    utils = flash_attn("utils")
    q, k, v, do, dk, dv = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim)) for _ in range(6))
    lse_log2, dpsum = (row_major(cutlass.Float32, (batch, heads, seqlen), align=4) for _ in range(2))
    dq_accum = row_major(cutlass.Float32, (batch, heads, seqlen * head_dim), align=4)
    bwd = module.FlashAttentionBackwardSm100(head_dim, head_dim, is_causal=True, is_local=False, qhead_per_kvhead=1,
                                             tile_m=128, tile_n=128, cluster_size=1, use_2cta_instrs=False,
                                             deterministic=False, spt=False, q_subtile_factor=2,
                                             kv_subtile_factor=1)
    return cutlass.cute.compile(bwd, q, k, v, do, lse_log2, dpsum, dq_accum, dk, dv, cutlass.Float32(head_dim ** -0.5),
                                None, None, None, None, None, None, None, None, None, utils.AuxData(None, None),
                                None, None, stream())
