"""supercharleszhu/cutlass-puzzle's day-14 solution, a single-stage SIMT SGEMM (puzzle/day14_cute_dsl_simt_gemm/
solution.py, `SimpleSGemm.kernel`), a learner's puzzle answer: C (M, N) fp32 = A (M, K) B (N, K)^T with every operand
M- / N-major. One CTA per 64 x 64 tile, 128 threads; per 8-wide K tile, A's and B's tiles go to SMEM by 128-bit
cp.async tiled copies (4 fp32 along M / N per thread), then per k-block SMEM -> registers by autovec_copy and an
FMA tiled MMA (MmaUniversalOp, 8 x 16 threads, each a 4 x 4 block by the permutation); C is written straight from the
accumulator by a universal copy.

Configured as the module's `run` compiles it at its argparse defaults: M = N = 256, K = 64, A and B built (K, M) /
(K, N) row-major then permuted (column-major (M, K) / (N, K)), C (N, M) permuted to (M, N), static layouts from
`from_dlpack(..., assumed_align=16)`, the default (64, 64, 8) tile and 128 threads.
"""

from _sz_cutlass_puzzle import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only(m=256, n=256, k=64):
    import cutlass
    from cutlass import cute

    from _common import tensor

    solution = module("day14_cute_dsl_simt_gemm")
    column_major = lambda rows, cols: tensor(cutlass.Float32, (rows, cols), (0, 1))  # noqa: E731
    return cute.compile(solution.SimpleSGemm(), column_major(m, k), column_major(n, k), column_major(m, n))
