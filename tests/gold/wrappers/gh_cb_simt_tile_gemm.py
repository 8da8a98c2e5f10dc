"""currybab/cute-dsl-practice's SIMT tiled GEMM (cute-dsl/12-simple-tile-gemm.py, `simple_tile_gemm` -> `gemm_kernel`):
C (M, N) = A (M, K) B (K, N) in fp32 on CUDA cores, 1024 threads (32 x 32) per 128 x 128 output tile. The host divides
A, B, C and their identity tensors by the tilers of three thread-value layouts (`make_layout_tv`: 4 x 1 values per
thread for A's 128 x 32 tile, 1 x 4 for B's 32 x 128, a row-major 4 x 4 for C's 128 x 128); each k step the kernel
composes the block's tile with the TV layout to get each thread's values, copies A and B into plain (unswizzled) SMEM
tiles with `basic_copy_if` under bounds predicates built from the identity tensors, accumulates a 4 x 4 outer product
per thread from scalar SMEM reads, and stores the register tile with a predicated `basic_copy_if`.

Configured as the module's `test_gemm(8192, 6144, 4096)` (its third, tile-aligned call) compiles it:
`cute.compile(simple_tile_gemm, from_dlpack(a), from_dlpack(b), from_dlpack(c))` with contiguous fp32 A (M, K),
B (K, N), C (M, N) (static row-major layouts).
"""

from _common import github_file

SOURCE = ("currybab/cute-dsl-practice", "ed02f7c40dfc15bc643971f338129d846384f6c5")

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    module = github_file(SOURCE[0], "cute-dsl/12-simple-tile-gemm.py", "currybab_simple_tile_gemm")
    a = row_major(cutlass.Float32, (8192, 4096))
    b = row_major(cutlass.Float32, (4096, 6144))
    c = row_major(cutlass.Float32, (8192, 6144))
    return cute.compile(module.simple_tile_gemm, a, b, c)
