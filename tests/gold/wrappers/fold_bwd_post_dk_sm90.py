"""fold-attention's backward postprocess for dK on the integer-fold path (fold_attention/backward/postprocess.py,
FoldBackwardPostprocess with its TileConvert, grid kind "dk", 64-bit accumulator), sm_90a: one CTA per (128-key
block, KV head, batch) loads the block of the int64 dK accumulator (reduce-added by the main kernel) into SMEM by
cp.async, clears it in global memory through an int32 view for the next call, reads it back in the main kernel's dK
fragment order, scales by softmax_scale and the grid's 2^-s, converts to bf16 and writes it out through SMEM.

Configured as `backward.launch._prepare` compiles it (key "bwd_post_kv", "dk") for the configuration of fold_bwd_sm90
(fold on, dk_bits 64): `FoldBackwardPostprocess(bf16, 128, tile_n 128, 256 threads, atom_layout 2, group 4, "dk", 64)`,
the accumulator (batch, KV heads, seqlen x head dim) int64, dK (batch, seqlen, KV heads, head dim) bf16, stats.
"""

from _common import fold_attention, row_major, stream

ARCH = "sm_90a"


def compile_only(batch=2, seqlen=2048, heads=16, kv_heads=4, head_dim=128):
    import cutlass

    module = fold_attention("backward.postprocess")
    grid = fold_attention("backward.grid")
    accum = row_major(cutlass.Int64, (batch, kv_heads, seqlen * head_dim))
    dk = row_major(cutlass.BFloat16, (batch, seqlen, kv_heads, head_dim))
    stats = row_major(cutlass.Int32, (batch, kv_heads, grid.N_STATS), align=4)
    post = module.FoldBackwardPostprocess(cutlass.BFloat16, head_dim, 128, 256, 2, heads // kv_heads, "dk", 64)
    return cutlass.cute.compile(post, accum, dk, cutlass.Float32(head_dim ** -0.5), stats, None, None, None, stream())
