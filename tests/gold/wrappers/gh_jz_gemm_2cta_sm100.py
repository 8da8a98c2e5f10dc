"""jkzhang7/cuda_kernels' Blackwell GEMM (cute_dsl/gemm.py, `solve` -> `gemm_kernel`): C = alpha A B + beta C in fp16
with A (M, K) row-major, B given as (K, N) row-major and viewed as (N, K) (N contiguous: an MN-major B operand), C (M, N);
2-CTA tcgen05 MMA (mma tiler 256 x 128, cluster (2, 1)), TMA loads of A and B (B multicast) into a 3-stage ring through
PipelineTmaUmma, the accumulator in TMEM, and a SIMT epilogue: t2r loads of each CTA's 128 x 128 accumulator, C read
from global memory, alpha / beta applied in registers, fp16 written back by universal copies.

Configured as `solve(A, B, C, M, N, K, alpha, beta)` is called by a LeetGPU-style runner: A (4096, 1024), B (1024, 2048),
C (4096, 2048) fp16 contiguous tensors (static row-major layouts, the wrapper's sizes: the module has no driver of its own;
M, N, K differ so each axis is visible), M, N, K as Int32 and alpha, beta as Float32 run-time scalars. The tile-aligned
shape takes the fast 2-CTA path (the bounds-checked fallback kernel is not compiled).
"""

from _common import github_file

SOURCE = ("jkzhang7/cuda_kernels", "96a879fc0644286534dd022470b29cd28e080801")

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    module = github_file(SOURCE[0], "cute_dsl/gemm.py", "jkzhang7_cute_dsl_gemm")
    a = row_major(cutlass.Float16, (4096, 1024))
    b = row_major(cutlass.Float16, (1024, 2048))
    c = row_major(cutlass.Float16, (4096, 2048))
    return cute.compile(module.solve, a, b, c, cutlass.Int32(4096), cutlass.Int32(2048), cutlass.Int32(1024),
                        cutlass.Float32(1.0), cutlass.Float32(0.0))
