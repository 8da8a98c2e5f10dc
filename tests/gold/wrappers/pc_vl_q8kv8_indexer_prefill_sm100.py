"""vLLM's vendored MiniMax Q8KV8 paged prefill indexer for SM100 (vllm/third_party/fmha_sm100/cute/src/sm100/
q8kv8_indexer_prefill.py, `Q8KV8PrefillIndexerSm100`), sm_100a: for each task (a 256-row tile of packed Q rows
`token * num_heads + head` of one request, and a run of its historical 128-token K pages), S = Q K^T by a 2-CTA
tcgen05 E4M3 MMA (M = 256 packed rows over the CTA pair, N = a page's 128 keys, K = head dim 128), the Q tile by
multicast TMA once per task, K pages by TMA into a 12-stage ring through the page table, a 4-stage TMEM accumulator
ring read by eight score warps (two worker groups taking alternate pages) with one tcgen05.ld 32x32b x128 per row,
the row's max over the page stored as that page's score. Compiled as `BatchPrefillIndexerQ8KV8Wrapper._run_scores`
compiles it: q viewed as (rows, 1, 128), k_cache (pages, 128, 128), the metadata (block table, scores, task
descriptors, task counts) all `_cute_arguments`' `mark_layout_dynamic(leading_dim=last)` (q / k_cache 16-byte aligned,
the metadata 4-byte), a B200's compute capability (10, 0) (the non-reduce t2r path) and 148 SMs (74 persistent
clusters), num_heads 4 (a run-time Int32: no layout depends on it); the TVM-FFI options are left out
(compile-only).
"""

from _common import dynamic_layout, stream, vllm

ARCH = "sm_100a"


def compile_only(num_heads=4, sm_count=148):
    import cutlass
    from cutlass import cute

    module = vllm("third_party.fmha_sm100.cute.src.sm100.q8kv8_indexer_prefill")
    indexer = module.Q8KV8PrefillIndexerSm100
    kernel = indexer(compute_capability=(10, 0), num_persistent_clusters=sm_count // indexer.cta_group_size)
    q_rows = dynamic_layout(cutlass.Float8E4M3FN, 3)             # (tokens * heads, 1, 128)
    k_cache = dynamic_layout(cutlass.Float8E4M3FN, 3)            # (pages, 128, 128)
    block_table = dynamic_layout(cutlass.Int32, 2, align=4)      # (batch, max_pages)
    scores = dynamic_layout(cutlass.Float32, 2, align=4)         # (tokens * heads, max_pages)
    descriptors = dynamic_layout(cutlass.Int32, 3, align=4)      # (buckets, capacity, 5)
    counts = dynamic_layout(cutlass.Int32, 1, align=4)           # (buckets,)
    return cute.compile(kernel, q_rows, k_cache, block_table, scores, descriptors, counts, cutlass.Int32(num_heads),
                        stream())
