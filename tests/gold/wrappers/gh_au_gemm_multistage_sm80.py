"""Austeritz-L/CuTeDSL-Tutorial's multistage Ampere GEMM (Gemm/4_multi_stage.py, `LDSMTensorOpGemm.kernel`): C (M, N) =
A (M, K) B (N, K)^T with fp16 operands and an fp32 C; 128 threads (2 x 2 warps of m16n8k16 mma.sync, the tiled MMA
permuted to 32 x 32 x 16) per 128 x 128 x 16 CTA tile, 128-bit cp.async copies into a 3-stage unswizzled K-major SMEM
ring (CUTLASS's Ampere sgemm mainloop: prefetch, then a circular read / write stage), ldmatrix x4 of A and B into the
MMA fragments one k-block ahead, and the fp32 accumulator written straight to global memory by a 32-bit
register-to-global copy.

Configured as the module's `__main__` runs it: `LDSMTensorOpGemm(num_stages=3)` (its command-line default; the tiler
(128, 128, 16) and atom layout (2, 2, 1) are the class defaults), `cute.compile(gemm, a, b, c, stream=...)` with
`from_dlpack(x, assumed_align=16)` of contiguous fp16 A (M, K), B (N, K) and fp32 C (M, N) (static row-major layouts);
the wrapper takes M, N, K = 2048, 1024, 512 (the script's default is 1024, 1024, 128) so each axis is visible.

Source: the repository's `fetch` gave no snapshot here; the file was taken unchanged from the stored index at the commit
`SOURCE` names (15252 characters; it imports nothing from the repository) into
`$CUTE_INSPECT_GOLD_SOURCES/Austeritz-L+CuTeDSL-Tutorial/Gemm/4_multi_stage.py`.
"""

from _common import github_file

SOURCE = ("Austeritz-L/CuTeDSL-Tutorial", "aefa286b2c7af6e5d645cbd857bdf597c8fc7990")

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    module = github_file(SOURCE[0], "Gemm/4_multi_stage.py", "austeritz_gemm_4_multi_stage")
    a = row_major(cutlass.Float16, (2048, 512))
    b = row_major(cutlass.Float16, (1024, 512))
    c = row_major(cutlass.Float32, (2048, 1024))
    return cute.compile(module.LDSMTensorOpGemm(num_stages=3), a, b, c, stream=stream())
