"""flash-attn-4's Ampere-MMA forward kernel (flash_attn/cute/flash_fwd.py, FlashAttentionForwardSm80), sm_80.

Configured as its interface configures this class (its SM8x path) for head dim 64 with grouped-query attention:
128x64 tiles, one K / V stage, 128 threads, Q not in registers, no PackGQA (4 query heads per KV head indexed by head // 4,
which a caller passes to the interface: pack_gqa=False), causal; bf16; batch 2, 1024 tokens, 16 query heads over 4 KV heads.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_80"


def compile_only(batch=2, seqlen=1024, heads=16, heads_kv=4, head_dim=64):
    import cutlass

    module = flash_attn("flash_fwd")
    utils = flash_attn("utils")
    q, o = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim)) for _ in range(2))
    k, v = (row_major(cutlass.BFloat16, (batch, seqlen, heads_kv, head_dim)) for _ in range(2))
    lse = row_major(cutlass.Float32, (batch, heads, seqlen), align=4)
    fa = module.FlashAttentionForwardSm80(cutlass.BFloat16, head_dim, head_dim, heads // heads_kv, is_causal=True,
                                          is_local=False, pack_gqa=False, tile_m=128, tile_n=64, num_stages=1,
                                          num_threads=128, Q_in_regs=False)
    return cutlass.cute.compile(fa, q, k, v, o, lse, cutlass.Float32(head_dim ** -0.5), None, None, None, None, None,
                                None, None, None, None, utils.AuxData(None, None), None, None, stream())
