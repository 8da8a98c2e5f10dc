"""flash-attn-4's attention backward for Blackwell (flash_attn/cute/flash_bwd_sm100.py), sm_100a, in its DeepSeek
configuration: head dim 192 for Q and K, 128 for V, dO and O (unequal), which the kernel runs only with the 2-SM
MMAs (cta_group 2, a cluster of two CTAs: the serial 2-CTA schedule, Q^T / dO^T aliasing Q / dO, the dS exchange
between the pair staged over the dQ accumulator's SMEM).

Configured as `interface._flash_attn_bwd` does for (192, 128) on SM100: 128x128 tiles per CTA (cluster tile
256 keys), `use_2cta_instrs` (head dim >= 128), cluster_size 2, q_subtile_factor 1, kv_subtile_factor 1, not
deterministic, causal, MHA; bf16; batch 2, 1024 tokens, 8 heads. A second configuration of tune's `fa_bwd_sm100`
(head dim 64, one CTA): the same lines, other shapes and the 2-CTA branches.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_100a"


def compile_only(batch=2, seqlen=1024, heads=8, head_dim=192, head_dim_v=128):
    import cutlass

    module = flash_attn("flash_bwd_sm100")
    utils = flash_attn("utils")
    q, k, dk = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim)) for _ in range(3))
    v, do, dv = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim_v)) for _ in range(3))
    lse_log2, dpsum = (row_major(cutlass.Float32, (batch, heads, seqlen), align=16) for _ in range(2))
    dq_accum = row_major(cutlass.Float32, (batch, heads, seqlen * head_dim), align=16)
    bwd = module.FlashAttentionBackwardSm100(head_dim, head_dim_v, is_causal=True, is_local=False,
                                             qhead_per_kvhead=1, tile_m=128, tile_n=128, cluster_size=2,
                                             use_2cta_instrs=True, deterministic=False, spt=False,
                                             q_subtile_factor=1, kv_subtile_factor=1)
    return cutlass.cute.compile(bwd, q, k, v, do, lse_log2, dpsum, dq_accum, dk, dv,
                                cutlass.Float32(head_dim ** -0.5), None, None, None, None, None, None, None, None,
                                None, utils.AuxData(None, None), None, None, stream())
