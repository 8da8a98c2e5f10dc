"""KindRoach/learn-CuTeDSL's Ampere GEMM (04_gemm/05_ampere_sol_gemm.py, `ampere_sol_gemm` / `ampere_sol_gemm_kernel`):
C (M, N) = A (M, K) B (N, K)^T in fp16, one CTA of 256 threads per 128 x 128 tile, 128-bit cp.async loads of A and B
(bK 64) into a 3-stage swizzled SMEM ring, ldmatrix x4 operand loads, m16n8k16 mma.sync in a 4 x 2 warp layout, the
converted accumulator written into a swizzled SMEM C tile (aliasing the A/B ring) and stored by 128-bit vector copies.

Configured as the module's `run_ampere_sol_gemm_example` calls it: m, n, k = 4096, 2048, 1024, fp16 A (m, k), B (n, k),
C (m, n) from `from_dlpack(..., assumed_align=16)` of contiguous torch tensors (static row-major layouts); the example
calls the `@cute.jit` function directly, the wrapper compiles it with the same arguments.
"""

from _common import github_file

SOURCE = ("KindRoach/learn-CuTeDSL", "14123a7b70a866c06167ee186db0947bd8286cf0")

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    module = github_file(SOURCE[0], "04_gemm/05_ampere_sol_gemm.py", "kindroach_ampere_sol_gemm")
    a = row_major(cutlass.Float16, (4096, 1024))
    b = row_major(cutlass.Float16, (2048, 1024))
    c = row_major(cutlass.Float16, (4096, 2048))
    return cute.compile(module.ampere_sol_gemm, a, b, c)
