"""vLLM's vendored MiniMax Q8KV8 paged decode indexer for SM100 (vllm/third_party/fmha_sm100/cute/src/sm100/
q8kv8_indexer_decode.py, `Q8KV8DecodeIndexerSm100`, ported from MiniMax-AI/MSA), sm_100a: per request, the scores of
every historical 128-token KV page for its 8 decode tokens x the index heads: S^T = K Q^T by tcgen05 (M = the page's
128 keys, N = the 8 tokens x heads packed as column token * heads + head, K = head dim 128, E4M3 both), K pages by
TMA into a 6-stage ring (page table read by one lane), the request's Q by TMA once per request, a 4-stage TMEM
accumulator ring, four score warps reading it by tcgen05.ld (32x32b x8) and reducing the max over the page's keys
(warp redux, then a (2, warps, columns) SMEM buffer), one fp32 score per (head, token, page) stored by scalar index;
persistent workers split the pages by the scheduler workspace's page-prefix sums. Compiled as
`BatchDecodeIndexerQ8KV8Wrapper._launch_scores` compiles it (`_cute_arguments`: q and k_cache 16-byte aligned, the
metadata 4-byte, every tensor `mark_layout_dynamic(leading_dim=last)`), with the class docstring's num_heads = 4 and a
B200's 148 SMs; the TVM-FFI options are left out (compile-only).
"""

from _common import stream, vllm

ARCH = "sm_100a"


def _dynamic(dtype, rank, align):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    stride = tuple(1 if mode == rank - 1 else cute.sym_int64() for mode in range(rank))
    return make_fake_tensor(dtype, tuple(cute.sym_int() for _ in range(rank)), stride=stride, assumed_align=align)


def compile_only(num_heads=4, sm_count=148):
    import cutlass
    from cutlass import cute

    module = vllm("third_party.fmha_sm100.cute.src.sm100.q8kv8_indexer_decode")
    kernel = module.Q8KV8DecodeIndexerSm100(sm_count=sm_count, num_heads=num_heads)
    q = _dynamic(cutlass.Float8E4M3FN, 3, 16)          # (tokens, heads, 128)
    k_cache = _dynamic(cutlass.Float8E4M3FN, 3, 16)    # (pages, 128, 128), padded page stride
    block_table = _dynamic(cutlass.Int32, 2, 4)        # (batch, max_pages)
    seq_lens = _dynamic(cutlass.Int32, 1, 4)           # (batch,)
    scores = _dynamic(cutlass.Float32, 3, 4)           # (batch, 8 * heads, max_pages)
    workspace = _dynamic(cutlass.Uint8, 1, 4)          # scheduler page-prefix sums, bytes
    return cute.compile(kernel, q, k_cache, block_table, seq_lens, scores, workspace, stream())
