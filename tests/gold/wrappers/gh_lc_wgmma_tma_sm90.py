"""luongthecong123/learn-cutedsl's single-stage Hopper GEMM (cutedsl/c1_wgmma_tma_load_store.py, `Gemm_TC`):
C (M, N) = A (M, K) B (N, K)^T in fp16, one CTA per 128 x 128 tile, TMA loads of A and B (bK 128) into one SMEM stage
behind one mbarrier, two warpgroups of wgmma (atom layout (2, 1, 1)), the accumulator written into SMEM by hand
through the tiled MMA's C thread-value layout (the A buffer reused as C), then one TMA store.

Configured as the module's `main` compiles it: `Gemm_TC()` (tile (128, 128, 128)), A (4096, 4096), B (4096, 4096),
C (4096, 4096) fp16 from `from_dlpack(..., assumed_align=16)` of contiguous torch tensors (static row-major layouts).
"""

from _common import github_file

SOURCE = ("luongthecong123/learn-cutedsl", "8a875e8b316fcff3d664521401d8c1d77e51e55b")

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    module = github_file(SOURCE[0], "cutedsl/c1_wgmma_tma_load_store.py", "luongthecong_c1_wgmma_tma")
    a = row_major(cutlass.Float16, (4096, 4096))
    b = row_major(cutlass.Float16, (4096, 4096))
    c = row_major(cutlass.Float16, (4096, 4096))
    return cute.compile(module.Gemm_TC(), a, b, c)
