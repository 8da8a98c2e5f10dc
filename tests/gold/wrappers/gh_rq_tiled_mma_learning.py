"""Rhys-Q/cuda_learn's tiled-MMA teaching demo (cutedsl/mma_demo/tiled_mma_learning.py, `mma_learning_kernel`), SM80:
a learner's own small GEMM, C (M, N) fp16 = A (M, K) B (N, K)^T with K = 16. One warp per CTA computes one (16, 16)
C tile: A and B tiles go global -> SMEM by 128-bit universal copies (sA / sB laid out (rows, 16, 1 stage)), the
m16n8k16 mma.sync TiledMMA (one atom, permutation (16, 16, 16)) partitions them, ldmatrix (x4) tiled copies made by
make_tiled_copy_A / _B load the register fragments, one cute.gemm accumulates in fp32, the accumulator is converted
to fp16, written to an SMEM C tile through the MMA's C partition and stored to global by a third universal copy.

Configured as the module's `run_demo` compiles `mma_learning`: m, n, k = 32, 32, 16; A (32, 16), B (32, 16) and C
(32, 32) fp16 row-major, static layouts from from_dlpack with 16-byte alignment (the demo's `--keep-ptx` option only
keeps files).
"""

from _rq_cuda_learn import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    demo = module("mma_demo.tiled_mma_learning")
    a = row_major(cutlass.Float16, (32, 16))
    b = row_major(cutlass.Float16, (32, 16))
    c = row_major(cutlass.Float16, (32, 32))
    return cute.compile(demo.mma_learning, a, b, c)
