"""fold-attention's deterministic attention backward for Hopper (fold_attention/backward/kernel.py, FoldBackwardSm90),
sm_90a: per work tile (one 128-key block, a subgroup of query heads, a batch, a record of query blocks) the key block's
K and V stay in SMEM while 64-query blocks of Q, dO, LSE and Delta stream through TMA rings; S = Q K^T and dP = dO V^T,
dV += P^T dO, dK += dS^T Q and dQ = dS K by wgmma; dQ's per-tile partials and dK / dV's partials are rounded onto
integer grids and summed across CTAs as integers (red.add), so the sums do not depend on the order CTAs run in.

Configured as `backward.launch._prepare` compiles it for `fold_attn_func`: bf16, batch 2, 2048 tokens, 16 query heads
over 4 KV heads (group 4), head dim 128, causal, dense. `tile_config(128)`: tile_m 64, tile_n 128, atom_layout_m_dq 1;
`plan_dense` gives subgroup 1 and no records (every (key block, head) a work tile), so `fold` is on: dk_accum_bits 64,
dv_accum_bits 32 (G * S = 8192 <= 16384), int32 dQ (not dq_fp32), persistent over the dense work list (the host's
`work_list`, 512 tiles of 4 int32) with its two-counter scheduler. The views are those `_prepare` passes: Q, K, V, dO
(batch, seqlen, heads, head dim), base-2 LSE and Delta (batch, heads, seqlen), the int32 dQ accumulator (batch, heads,
seqlen x head dim), dK's int64 and dV's int32 accumulators (batch, KV heads, seqlen x head dim), stats (batch, KV heads,
8); no varlen tables, no subgroup partials. The scheduler sizes the persistent grid by the device's SM count
(`HardwareInfo().get_device_multiprocessor_count()`, which needs a GPU): an H100 SXM's 132 stands in for it.
"""

from _common import fold_attention, row_major, stream

ARCH = "sm_90a"


class _H100:
    """Stands in for `cutlass.utils.HardwareInfo`, whose constructor opens the driver: an H100 SXM's SM count."""

    def get_device_multiprocessor_count(self):
        return 132


def compile_only(batch=2, seqlen=2048, heads=16, kv_heads=4, head_dim=128):
    import cutlass

    module = fold_attention("backward.kernel")
    cutlass.utils.HardwareInfo = _H100
    grid = fold_attention("backward.grid")
    bf16 = cutlass.BFloat16
    q = row_major(bf16, (batch, seqlen, heads, head_dim))
    k = row_major(bf16, (batch, seqlen, kv_heads, head_dim))
    v = row_major(bf16, (batch, seqlen, kv_heads, head_dim))
    do = row_major(bf16, (batch, seqlen, heads, head_dim))
    lse_log2 = row_major(cutlass.Float32, (batch, heads, seqlen))
    dpsum = row_major(cutlass.Float32, (batch, heads, seqlen))
    dq_accum = row_major(cutlass.Int32, (batch, heads, seqlen * head_dim))
    dk_accum = row_major(cutlass.Int64, (batch, kv_heads, seqlen * head_dim))
    dv_accum = row_major(cutlass.Int32, (batch, kv_heads, seqlen * head_dim))
    stats = row_major(cutlass.Int32, (batch, kv_heads, grid.N_STATS), align=4)
    tiles = batch * heads * (seqlen // 128)
    work = row_major(cutlass.Int32, (tiles, 4), align=4)
    counter = row_major(cutlass.Int32, (2,), align=4)
    main = module.FoldBackwardSm90(bf16, head_dim, heads // kv_heads, is_causal=True, tile_m=64, tile_n=128,
                                   atom_layout_m_dq=1, gqa_subgroup=1, record_width=0, dk_accum_bits=64,
                                   dv_accum_bits=32, dq_fp32=False)
    return cutlass.cute.compile(main, q, k, v, do, lse_log2, dpsum, dq_accum, dk_accum, dv_accum,
                                cutlass.Float32(head_dim ** -0.5), stats, None, None, None, work, counter, None, None,
                                stream())
