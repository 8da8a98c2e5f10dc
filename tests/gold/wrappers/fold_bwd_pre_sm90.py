"""fold-attention's backward preprocess (fold_attention/backward/preprocess.py, FoldBackwardPreprocess), sm_90a: per
(query block of 64 rows, head, batch) Delta = rowsum(O * dO), the LSE in base 2, the zeroed block of the integer dQ
accumulator, and the maxima the integer grids are derived from (max |K|, |V|, |Q|, row norms of dO, |Delta|) reduced
across warps in SMEM and into `stats` by red.max.

Configured as `backward.launch._prepare` compiles it for `fold_attn_func` (dense, not varlen): bf16, batch 2, 2048
tokens, 16 query heads over 4 KV heads (group 4), head dim 128, causal. `tile_config(128)` gives 64-row query blocks;
`plan_dense` gives subgroup 1, no records, so `fold` is on (GQA with one head per tile: dK / dV partials summed as
integers) and the preprocess records the statistics of that path (`record_stats=True`). The views are those
`_prepare` passes: Q, K, V, O, dO as (batch, seqlen, heads, head dim), LSE (batch, heads, seqlen), Delta and the base-2
LSE (batch, heads, seqlen rounded to the tile), dQ's int32 accumulator (batch, heads, seqlen x head dim), stats
(batch, KV heads, 8) int32.
"""

from _common import fold_attention, row_major, stream

ARCH = "sm_90a"


def compile_only(batch=2, seqlen=2048, heads=16, kv_heads=4, head_dim=128):
    import cutlass

    module = fold_attention("backward.preprocess")
    grid = fold_attention("backward.grid")
    bf16 = cutlass.BFloat16
    q = row_major(bf16, (batch, seqlen, heads, head_dim))
    k = row_major(bf16, (batch, seqlen, kv_heads, head_dim))
    v = row_major(bf16, (batch, seqlen, kv_heads, head_dim))
    o = row_major(bf16, (batch, seqlen, heads, head_dim))
    do = row_major(bf16, (batch, seqlen, heads, head_dim))
    dpsum = row_major(cutlass.Float32, (batch, heads, seqlen))
    lse = row_major(cutlass.Float32, (batch, heads, seqlen), align=4)
    lse_log2 = row_major(cutlass.Float32, (batch, heads, seqlen))
    dq_accum = row_major(cutlass.Int32, (batch, heads, seqlen * head_dim))
    stats = row_major(cutlass.Int32, (batch, kv_heads, grid.N_STATS), align=4)
    pre = module.FoldBackwardPreprocess(bf16, head_dim, 64, heads // kv_heads, record_stats=True)
    return cutlass.cute.compile(pre, o, do, dpsum, lse, lse_log2, dq_accum, stats, q, k, v, None, None, None,
                                stream())
