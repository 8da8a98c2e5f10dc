"""The two preparation kernels of MiniMax's FP4 sparse-attention indexer as tokenspeed-kernel vendors it
(tokenspeed_kernel/thirdparty/msa/cute/src/sm100/fp4_indexer.py), sm_100a, no MMA, element by element:
`Fp4IndexerScaleReorderSm100` copies the public Q scales [tokens, heads, groups] and K scales [pages, kv heads, 128,
groups] into the block-scaled MMA's scale storage (512-byte atoms: 32 rows x 4 row groups x 4 scale columns), and
`Fp4IndexerDecodeQPackSm100` packs a decode batch's Q rows per (request, KV head) as 128 rows (16 grouped heads x 8
query tokens) of 64 packed bytes, with their scales in the same storage form.
Compiled as `fp4_indexer_interface` compiles them (`_compile_fp4_scale_reorder_kernel` on the public-scale path of
`fp4_indexer_block_scores`, `_compile_fp4_decode_q_pack_kernel` on its decode path, taken when max_seqlen_q <= 8 and
16 query heads share a KV head) for NVFP4 (E4M3 scales per 16 values, 8 groups): pointers and problem sizes are
run-time values, as the interface passes them. (The indexer's MMA kernel itself, `Fp4IndexerStagedMmaSm100`, is not
judged here: `ts_fp4_indexer_qk_sm100` and `ts_fp4_indexer_decode_sm100` hold it and its decode sibling.)
"""

from _common import stream, tokenspeed_kernel

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import Int32, cute
    from cutlass.cute.runtime import make_ptr

    module = tokenspeed_kernel("thirdparty.msa.cute.src.sm100.fp4_indexer", search_root="thirdparty.msa.cute")
    gmem = cute.AddressSpace.gmem
    e4m3 = cutlass.Float8E4M3FN
    q_scale, k_scale, q_scale_mma, k_scale_mma = (make_ptr(e4m3, 0, gmem, assumed_align=32) for _ in range(4))
    total_q, heads_q, pages, heads_k, batch = 16, 64, 256, 4, 2
    cute.compile(module.Fp4IndexerScaleReorderSm100(fmt="nvfp4"), q_scale, k_scale, q_scale_mma, k_scale_mma,
                 tuple(Int32(v) for v in (total_q, heads_q, pages, heads_k)), stream())
    q, q_pack = (make_ptr(cutlass.Uint8, 0, gmem, assumed_align=128) for _ in range(2))
    cu_q = make_ptr(cutlass.Int32, 0, gmem, assumed_align=4)
    return cute.compile(module.Fp4IndexerDecodeQPackSm100(fmt="nvfp4"), q, q_scale_mma, q_pack, q_scale,
                        cu_q, tuple(Int32(v) for v in (total_q, heads_q, heads_k, batch)), stream())
