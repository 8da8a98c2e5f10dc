"""fold-attention's backward postprocess for dQ (fold_attention/backward/postprocess.py, FoldBackwardPostprocess with
its TileConvert), sm_90a: one CTA per (64-query block, head, batch) loads the block of the int32 dQ accumulator
(summed by the main kernel as integers) into SMEM by cp.async, reads it back in the main kernel's MMA fragment order,
multiplies by softmax_scale and the grid's 2^-s, converts to bf16, writes it through an stmatrix r2s copy into SMEM
(aliasing the accumulator buffer) and out by a predicated vector copy.

Configured as `backward.launch._prepare` compiles it (key "bwd_post_dq") for the configuration of fold_bwd_sm90:
bf16, batch 2, 2048 tokens, 16 query heads over 4 KV heads, head dim 128, dense: `FoldBackwardPostprocess(bf16, 128,
tile_m 64, 256 threads, atom_layout_m_dq 1, group 4, "dq", 32)`, with the dQ accumulator (batch, heads, seqlen x head
dim) int32, dQ (batch, seqlen, heads, head dim) bf16 (the transposed view `_prepare` passes of a (b, h, s, d) tensor
laid out (b, s, h, d)), stats (batch, KV heads, 8).
"""

from _common import fold_attention, row_major, stream

ARCH = "sm_90a"


def compile_only(batch=2, seqlen=2048, heads=16, kv_heads=4, head_dim=128):
    import cutlass

    module = fold_attention("backward.postprocess")
    grid = fold_attention("backward.grid")
    accum = row_major(cutlass.Int32, (batch, heads, seqlen * head_dim))
    dq = row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim))
    stats = row_major(cutlass.Int32, (batch, kv_heads, grid.N_STATS), align=4)
    post = module.FoldBackwardPostprocess(cutlass.BFloat16, head_dim, 64, 256, 1, heads // kv_heads, "dq", 32)
    return cutlass.cute.compile(post, accum, dq, cutlass.Float32(head_dim ** -0.5), stats, None, None, None, stream())
