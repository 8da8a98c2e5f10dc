"""luongthecong123/learn-cutedsl's column-scaled mma.sync GEMM (cutedsl/b6_wmma_colwise_scaling.py, `Gemm_TC`):
C (M, N) = (A (M, K) B (N, K)^T) * R (1, N) in fp16, one CTA of 512 threads per 64 x 64 tile, 64-bit vector copies of A
and B (bK 64) into padded row-major SMEM (row stride 72), ldmatrix x4 operand loads, m16n8k16 mma.sync in 4 x 4 warps
(permutation (64, 64, 16)), the per-column scale vector staged in SMEM by hand, applied to the accumulator through the
tiled MMA's C thread-value layout, and the fp16 result stored from registers by a universal copy.

Configured as the module's `main` compiles it: `Gemm_TC()` (tile (64, 64, 64), 512 threads), A, B, C (4096, 4096) and
R (1, 4096) fp16 from `from_dlpack(..., assumed_align=16)` of contiguous torch tensors (static row-major layouts).
"""

from _common import github_file

SOURCE = ("luongthecong123/learn-cutedsl", "8a875e8b316fcff3d664521401d8c1d77e51e55b")

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    module = github_file(SOURCE[0], "cutedsl/b6_wmma_colwise_scaling.py", "luongthecong_b6_colwise_scaling")
    a = row_major(cutlass.Float16, (4096, 4096))
    b = row_major(cutlass.Float16, (4096, 4096))
    c = row_major(cutlass.Float16, (4096, 4096))
    r = row_major(cutlass.Float16, (1, 4096))
    return cute.compile(module.Gemm_TC(), a, b, c, r)
