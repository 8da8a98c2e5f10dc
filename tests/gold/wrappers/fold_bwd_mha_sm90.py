"""fold-attention's deterministic attention backward for Hopper (fold_attention/backward/kernel.py, FoldBackwardSm90)
without GQA, sm_90a: the same persistent mainloop as fold_bwd_sm90, but with one query head per KV head every
(key block, head) work tile owns its dK / dV, so nothing is folded across CTAs: dK and dV leave in bf16, staged on the
dead dS buffer and written by TMA stores, while dQ is still reduce-added as int32.

Configured as `backward.launch._prepare` compiles it for `fold_attn_func` on multi-head attention: bf16, batch 2, 2048
tokens, 16 heads (16 KV heads), head dim 128, causal, dense. `tile_config(128)`: tile_m 64, tile_n 128;
`plan_dense` gives subgroup 1, no records, so `fold` is off (dk_accum_bits 0) and the CTA stages dK / dV on `sdS`
(`dkv_stage_on_sdS`: persistent, no fold); int32 dQ, persistent over the dense work list (512 tiles) with its
two-counter scheduler. The views are those `_prepare` passes: Q, K, V, dO, dK, dV (batch, seqlen, heads, head dim),
base-2 LSE and Delta (batch, heads, seqlen), the int32 dQ accumulator (batch, heads, seqlen x head dim), stats. The
scheduler's SM count query is answered with an H100 SXM's 132, as in fold_bwd_sm90.
Entries identical to fold_bwd_sm90's (same line, name, shape and labels) are left out.
"""

from _common import fold_attention, row_major, stream

ARCH = "sm_90a"


class _H100:
    """Stands in for `cutlass.utils.HardwareInfo`, whose constructor opens the driver: an H100 SXM's SM count."""

    def get_device_multiprocessor_count(self):
        return 132


def compile_only(batch=2, seqlen=2048, heads=16, head_dim=128):
    import cutlass

    module = fold_attention("backward.kernel")
    grid = fold_attention("backward.grid")
    cutlass.utils.HardwareInfo = _H100
    bf16 = cutlass.BFloat16
    q, k, v, do, dk, dv = (row_major(bf16, (batch, seqlen, heads, head_dim)) for _ in range(6))
    lse_log2 = row_major(cutlass.Float32, (batch, heads, seqlen))
    dpsum = row_major(cutlass.Float32, (batch, heads, seqlen))
    dq_accum = row_major(cutlass.Int32, (batch, heads, seqlen * head_dim))
    stats = row_major(cutlass.Int32, (batch, heads, grid.N_STATS), align=4)
    work = row_major(cutlass.Int32, (batch * heads * (seqlen // 128), 4), align=4)
    counter = row_major(cutlass.Int32, (2,), align=4)
    main = module.FoldBackwardSm90(bf16, head_dim, 1, is_causal=True, tile_m=64, tile_n=128, atom_layout_m_dq=1,
                                   gqa_subgroup=1, record_width=0, dk_accum_bits=0, dv_accum_bits=0, dq_fp32=False)
    return cutlass.cute.compile(main, q, k, v, do, lse_log2, dpsum, dq_accum, dk, dv, cutlass.Float32(head_dim ** -0.5),
                                stats, None, None, None, work, counter, None, None, stream())
