"""KindRoach/learn-CuTeDSL's staged transpose (03_transpose/03_cpasync_ldmatrix_transpose.py,
`async_ldmatrix_transpose_swizzle` -> `async_ldmatrix_transpose_kernel`): B (N, M) = A (M, N)^T in fp16, one CTA of
256 threads per 128 x 64 tile of A, 128-bit cp.async loads of four 32 x 64 stages into a Swizzle<2,3,3> SMEM tile (the
next stage's load overlapping the current stage), transposed ldmatrix x4 reading each warp's 32 x 8 subtile into
registers, and the same registers viewed as an 8 x 32 tile of B written by 128-bit universal copies.

Configured as the module's `run_async_ldmatrix_transpose_example` calls its swizzled variant: A and B (4096, 4096) fp16
from `from_dlpack(..., assumed_align=16)` of contiguous torch tensors (static row-major layouts); the example calls the
`@cute.jit` function directly, the wrapper compiles it with the same arguments.
"""

from _common import github_file

SOURCE = ("KindRoach/learn-CuTeDSL", "14123a7b70a866c06167ee186db0947bd8286cf0")

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    module = github_file(SOURCE[0], "03_transpose/03_cpasync_ldmatrix_transpose.py", "kindroach_ldmatrix_transpose")
    a = row_major(cutlass.Float16, (4096, 4096))
    b = row_major(cutlass.Float16, (4096, 4096))
    return cute.compile(module.async_ldmatrix_transpose_swizzle, a, b)
