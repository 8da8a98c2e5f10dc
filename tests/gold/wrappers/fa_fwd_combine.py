"""flash-attn-4's split-KV combine kernel (flash_attn/cute/flash_fwd_combine.py), sm_90a: the decode step that
merges the partial outputs and LSEs of the KV splits.

As its interface compiles it for batched (not varlen) inputs: 8 splits, batch 16, one query token (decode),
16 heads, head dim 128; fp32 partials, bf16 output, LSE returned; tile_m 8, k_block 64, up to 16 splits.
"""

from _common import flash_attn, row_major, stream, tensor

ARCH = "sm_90a"


def compile_only(splits=8, batch=16, seqlen=1, heads=16, head_dim=128):
    import cutlass

    module = flash_attn("flash_fwd_combine")
    o_partial = row_major(cutlass.Float32, (splits, batch, seqlen, heads, head_dim))
    lse_partial = tensor(cutlass.Float32, (splits, batch, seqlen, heads), (3, 2, 0, 1), align=4)
    o = row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim))
    lse = tensor(cutlass.Float32, (batch, seqlen, heads), (2, 0, 1), align=4)
    combine = module.FlashAttentionForwardCombine(cutlass.BFloat16, cutlass.Float32, head_dim, heads, tile_m=8,
                                                  k_block_size=64, log_max_splits=4)
    return cutlass.cute.compile(combine, o_partial, lse_partial, o, lse, None, None, None, None, None, stream())
