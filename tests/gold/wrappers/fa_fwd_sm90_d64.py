"""flash-attn-4's forward kernel for Hopper (flash_attn/cute/flash_fwd_sm90.py), sm_90a, a second configuration.

Configured as its interface does for head dim 64 with grouped-query attention and a sliding window: 192 x 128 tiles
(three MMA warpgroups), P V from registers, intra-warpgroup overlap, 2 stages, PackGQA (4 query heads per KV head
packed into the tile's rows, the interface's default when qhead_per_kvhead > 1; Q and O by TMA through the packed
layout), local attention (window 256 keys left, 0 right; causal alone picks the LPT tile scheduler, which this DSL
version refuses to compile: its state changes structure across the persistent loop); bf16; batch 2, 1024 tokens,
16 query heads over 4 KV heads.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_90a"


def compile_only(batch=2, seqlen=1024, heads=16, heads_kv=4, head_dim=64, window_left=256):
    import cutlass

    module = flash_attn("flash_fwd_sm90")
    utils = flash_attn("utils")
    q, o = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim)) for _ in range(2))
    k, v = (row_major(cutlass.BFloat16, (batch, seqlen, heads_kv, head_dim)) for _ in range(2))
    lse = row_major(cutlass.Float32, (batch, heads, seqlen), align=4)
    fa = module.FlashAttentionForwardSm90(cutlass.BFloat16, head_dim, head_dim, heads // heads_kv, is_causal=False,
                                          is_local=True, pack_gqa=True, tile_m=192, tile_n=128, num_stages=2,
                                          num_threads=384, Q_in_regs=False, intra_wg_overlap=True, mma_pv_is_rs=True)
    return cutlass.cute.compile(fa, q, k, v, o, lse, cutlass.Float32(head_dim ** -0.5), None, None, None, None, None,
                                cutlass.Int32(window_left), cutlass.Int32(0), None, None, utils.AuxData(None, None),
                                None, None, stream())
