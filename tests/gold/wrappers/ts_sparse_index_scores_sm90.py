"""TokenSpeed's Hopper sparse MQA index scoring (tokenspeed_kernel/ops/attention/dsv41/_cute_dsl/
sparse_index_scores.py, `SparseIndexScoreKernel`), sm_90a: one CTA per (query token, split of its candidate tiles);
a gather warp resolves 16 candidate blocks of 8 index rows per tile through the page table and TMA-copies each
8-row box into a 3-stage SMEM K ring (plus the rows' key scales and block ids in SMEM arrays), while four MMA warps
compute S^T = K Q^T with raw m16n8k32 FP8 mma.sync on hand-made ldmatrix views (32 key rows per warp, the 64 heads as
N), then a weighted ReLU sum over heads, the key scale, and one score per key row stored to global.
Compiled as `ops/attention/dsv41/cute_dsl.py`'s `sparse_index_scores` compiles it for the DeepSeek indexer's 64 heads
of 128 (E4M3 queries, FP32 weights) reading a page-planar cache of 2048 pages (`deep_gemm._index_planes`: 64 rows x
128 value bytes then 64 FP32 scales per page, so the planes' page stride is 8448 bytes): queries, weights and visible
with a dynamic row count ("rows"), the value and scale planes static, the page table, candidates and output with
dynamic layouts ("layout", unit last stride), PDL on, the split a run-time Int32.
"""

from _common import stream, tokenspeed_kernel

ARCH = "sm_90a"


def compile_only(heads=64, pages=2048):
    import cutlass
    from cutlass import cute

    module = tokenspeed_kernel("ops.attention.dsv41._cute_dsl.sparse_index_scores")
    fake = cute.runtime.make_fake_tensor
    tokens = cute.sym_int()
    page_bytes = 64 * (128 + 4)
    queries = fake(cutlass.Float8E4M3FN, (tokens, heads, 128), stride=(heads * 128, 128, 1), assumed_align=16)
    weights = fake(cutlass.Float32, (tokens, heads), stride=(heads, 1), assumed_align=16)
    values = fake(cutlass.Float8E4M3FN, (pages, 64, 128), stride=(page_bytes, 128, 1), assumed_align=16)
    scales = fake(cutlass.Float32, (pages, 64), stride=(page_bytes // 4, 1), assumed_align=16)
    table = fake(cutlass.Int32, (cute.sym_int(), cute.sym_int()), stride=(cute.sym_int64(), 1), assumed_align=4)
    visible = fake(cutlass.Int32, (tokens,), stride=(1,), assumed_align=4)
    candidates = fake(cutlass.Int32, (cute.sym_int(), cute.sym_int()), stride=(cute.sym_int64(), 1), assumed_align=4)
    out = fake(cutlass.Float32, (cute.sym_int(), cute.sym_int()), stride=(cute.sym_int64(), 1), assumed_align=16)
    kernel = module.SparseIndexScoreKernel(heads, True)
    return cute.compile(kernel, queries, weights, values, scales, table, visible, candidates, out,
                        cutlass.Int32(4), stream())
