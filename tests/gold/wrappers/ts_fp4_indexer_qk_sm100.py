"""MiniMax's FP4 sparse-attention indexer score kernel as tokenspeed-kernel vendors it
(tokenspeed_kernel/thirdparty/msa/cute/src/sm100/fp4_indexer.py, `Fp4IndexerStagedMmaSm100`), sm_100a: per (query
head, 128-token KV page) the max over the page of the block-scaled FP4 scores S = Q K^T (tcgen05 MMA, 128 query rows x
128 page keys over the head dim 128, E4M3 scales per 16 values), written as scores [heads_q, pages, total_q].
Compiled as `fp4_indexer_interface.fp4_indexer_block_scores` compiles it on its prefill path
(`_compile_fp4_qk_kernel`): NVFP4, `causal=True` with no `qo_offset`, `preordered_q_scale_tma=True` (max_seqlen_q >=
128), `compact_schedule=True` (the causal task bound is under 95% of the rectangle, as for a long prompt), and
`use_tmem_load_red=False` (an sm_100 B200: the interface enables it from sm_103). Pointers and problem sizes are
run-time values, as the interface passes them.
"""

from _common import stream, tokenspeed_kernel

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import Int32, cute
    from cutlass.cute.runtime import make_ptr

    module = tokenspeed_kernel("thirdparty.msa.cute.src.sm100.fp4_indexer", search_root="thirdparty.msa.cute")
    gmem = cute.AddressSpace.gmem
    q, k = (make_ptr(cutlass.Uint8, 0, gmem, assumed_align=128) for _ in range(2))
    q_scale, k_scale = (make_ptr(cutlass.Float8E4M3FN, 0, gmem, assumed_align=32) for _ in range(2))
    scores = make_ptr(cutlass.Float32, 0, gmem, assumed_align=16)
    kv_indices, cu_q, cu_k, cu_pages, qo_offset = (make_ptr(cutlass.Int32, 0, gmem, assumed_align=4)
                                                   for _ in range(5))
    batch, heads_q, heads_k, pages, max_q, max_k_tiles = 1, 64, 4, 64, 8192, 64
    problem = (max_q, max_k_tiles * 128, 128, batch * heads_q, pages * heads_k, heads_q, heads_k, batch,
               max_k_tiles, max_q, 0, 1088)
    kernel = module.Fp4IndexerStagedMmaSm100(fmt="nvfp4", causal=True, preordered_q_scale_tma=True,
                                             compact_schedule=True, use_tmem_load_red=False)
    return cute.compile(kernel, q, k, q_scale, k_scale, scores, kv_indices, cu_q, cu_k, cu_pages, qo_offset,
                        tuple(Int32(v) for v in problem), stream())
