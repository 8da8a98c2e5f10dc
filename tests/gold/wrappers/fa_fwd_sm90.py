"""flash-attn-4's forward kernel for Hopper (flash_attn/cute/flash_fwd_sm90.py), sm_90a.

Configured as its interface does for head dim 128 (128x128 tiles, P V from registers, intra-warpgroup overlap,
2 stages, 384 threads), bf16, not causal; batch 2, 1024 tokens, 16 heads.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_90a"


def compile_only(batch=2, seqlen=1024, heads=16, head_dim=128):
    import cutlass

    module = flash_attn("flash_fwd_sm90")
    utils = flash_attn("utils")
    q, k, v, o = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim)) for _ in range(4))
    lse = row_major(cutlass.Float32, (batch, heads, seqlen), align=4)
    fa = module.FlashAttentionForwardSm90(cutlass.BFloat16, head_dim, head_dim, 1, is_causal=False, is_local=False,
                                          pack_gqa=False, tile_m=128, tile_n=128, num_stages=2, num_threads=384,
                                          Q_in_regs=False, intra_wg_overlap=True, mma_pv_is_rs=True)
    return cutlass.cute.compile(fa, q, k, v, o, lse, cutlass.Float32(head_dim ** -0.5), None, None, None, None, None,
                                None, None, None, None, utils.AuxData(None, None), None, None, stream())
