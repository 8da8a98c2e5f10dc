"""roycho96/cute-dsl-tutorial's 3-stage Ampere GEMM (examples/10_multistage_gemm/multistage_gemm.py,
`multistage_gemm` -> `multistage_gemm_kernel`): C (M, N) = A (M, K) B (N, K)^T in bf16 with an fp32 accumulator;
128 threads (2 x 2 warps of m16n8k16 mma.sync) per 64 x 64 x 32 CTA tile, one 128-bit cp.async tiled copy (`cache_mode`
GLOBAL) shared by A and B into 3-stage Swizzle<2,3,3> SMEM rings, ldmatrix x4 of A and B one k-block ahead, and an SMEM
epilogue: the bf16 fragment written into a flat 64 x 64 SMEM tile through the MMA's C partition (`autovec_copy`), read
back by a 128-bit vector tiled copy into registers and stored to global memory.

Configured as the module's `main(m, n, k)` compiles it: `cute.compile(multistage_gemm, a, b, out)` with
`from_dlpack(x, assumed_align=16).mark_layout_dynamic(leading_dim=1).mark_compact_shape_dynamic(mode=1,
divisibility=d)` of bf16 A (M, K), B (N, K) (d = K) and out (M, N) (d = N): run-time extents and strides, the last mode
contiguous and its extent a multiple of d. The wrapper takes M, N, K = 512, 384, 256 (the script's default is 256^3).

Source: the repository's `fetch` gave no snapshot here; the file was taken unchanged from the stored index at the
commit `SOURCE` names (10008 characters; it imports nothing from the repository) into
`$CUTE_INSPECT_GOLD_SOURCES/roycho96+cute-dsl-tutorial/examples/10_multistage_gemm/multistage_gemm.py`.
"""

from _common import github_file, last_contiguous

SOURCE = ("roycho96/cute-dsl-tutorial", "f7d5808eaf3c3b40bd43aeea7988719258659d21")

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    module = github_file(SOURCE[0], "examples/10_multistage_gemm/multistage_gemm.py",
                         "roycho96_tutorial_multistage_gemm")
    a = last_contiguous(cutlass.BFloat16, 2, divisibility=256)
    b = last_contiguous(cutlass.BFloat16, 2, divisibility=256)
    out = last_contiguous(cutlass.BFloat16, 2, divisibility=384)
    return cute.compile(module.multistage_gemm, a, b, out)
