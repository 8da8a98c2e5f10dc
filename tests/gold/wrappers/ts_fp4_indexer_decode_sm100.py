"""MiniMax's FP4 sparse-attention indexer decode score kernel as tokenspeed-kernel vendors it
(tokenspeed_kernel/thirdparty/msa/cute/src/sm100/fp4_indexer.py, `Fp4IndexerDecodePackedQSm100`), sm_100a: for each
(request, KV head) one 128-row Q tile packs the 16 query heads that share the KV head with up to 8 query tokens
(row = grouped head * 8 + token, packed beforehand by `Fp4IndexerDecodeQPackSm100`), and the kernel takes the max over
each 128-token KV page of the block-scaled FP4 scores S = Q K^T (tcgen05 MMA over the head dim 128, E4M3 scales per
16 values), written as scores [heads_q, pages, total_q].
Compiled as `fp4_indexer_interface.fp4_indexer_block_scores` compiles it on its decode path
(`_compile_fp4_decode_packed_q_kernel`, taken when max_seqlen_q <= 8 and 16 query heads share a KV head): NVFP4,
`causal=True`, `compact_schedule=True` (chosen when the flattened page groups are fewer than batch x the longest
request's groups: 8 requests of mixed lengths, 2048 pages in all, the longest 1024 pages), `use_tmem_load_red=False`
(an sm_100 B200: the interface enables it from sm_103). Pointers and problem sizes are run-time values, as the
interface passes them.
"""

from _common import stream, tokenspeed_kernel

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import Int32, cute
    from cutlass.cute.runtime import make_ptr

    module = tokenspeed_kernel("thirdparty.msa.cute.src.sm100.fp4_indexer", search_root="thirdparty.msa.cute")
    gmem = cute.AddressSpace.gmem
    q_pack, k = (make_ptr(cutlass.Uint8, 0, gmem, assumed_align=128) for _ in range(2))
    q_scale_pack, k_scale = (make_ptr(cutlass.Float8E4M3FN, 0, gmem, assumed_align=32) for _ in range(2))
    scores = make_ptr(cutlass.Float32, 0, gmem, assumed_align=16)
    kv_indices, cu_q, cu_k, cu_pages, qo_offset = (make_ptr(cutlass.Int32, 0, gmem, assumed_align=4)
                                                   for _ in range(5))
    batch, heads_q, heads_k, pages, max_k_tiles, total_q = 8, 64, 4, 2048, 1024, 8
    problem = (128, max_k_tiles * 128, 128, batch * heads_k, pages * heads_k, heads_q, heads_k, batch, max_k_tiles,
               total_q, 0)
    kernel = module.Fp4IndexerDecodePackedQSm100(fmt="nvfp4", causal=True, compact_schedule=True,
                                                 use_tmem_load_red=False)
    return cute.compile(kernel, q_pack, k, q_scale_pack, k_scale, scores, kv_indices, cu_q, cu_k, cu_pages, qo_offset,
                        tuple(Int32(v) for v in problem), stream())
