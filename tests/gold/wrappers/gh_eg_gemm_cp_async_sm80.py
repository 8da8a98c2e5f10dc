"""ExpressGradient/cute_dsl_kernels' double-buffered Ampere GEMM (gemm_smem_pipeline.py, `cute_gemm` -> `gemm_kernel`):
C (M, N) = A (M, K) B (K, N) in fp16 with an fp32 accumulator; B given (K, N) row-major and viewed (N, K) (N
contiguous); 128 threads (2 x 2 warps of m16n8k16 mma.sync) per 128 x 128 x 32 CTA tile, 128-bit cp.async copies into a
2-stage swizzled SMEM ring (A K-major in 8 x 32 atoms, B N-major in 64 x 8 atoms), ldmatrix x4 (B transposed) into the
MMA fragments, the accumulator converted to fp16 in registers and written by `autovec_copy`.

Configured as the repository's `benchmark_gemm.py` calls it: `cute.compile(cute_gemm, a_, b_, c_, make_fake_stream())`
with `from_dlpack(x, assumed_align=16)` of contiguous fp16 A (M, K), B (K, N), C (M, N) (static row-major layouts); the
wrapper takes the benchmark's "QKV projection" shape M, N, K = 1024, 6144, 4096 and a stream.

Source: the repository's `fetch` gave no snapshot here; the file was taken unchanged from the stored index at the commit
`SOURCE` names (6010 characters, the one file the kernel needs) into
`$CUTE_INSPECT_GOLD_SOURCES/ExpressGradient+cute_dsl_kernels/gemm_smem_pipeline.py`.
"""

from _common import github_file

SOURCE = ("ExpressGradient/cute_dsl_kernels", "1f571b94889897ee0ea7a503f118009e4e40e982")

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    module = github_file(SOURCE[0], "gemm_smem_pipeline.py", "expressgradient_gemm_smem_pipeline")
    a = row_major(cutlass.Float16, (1024, 4096))
    b = row_major(cutlass.Float16, (4096, 6144))
    c = row_major(cutlass.Float16, (1024, 6144))
    return cute.compile(module.cute_gemm, a, b, c, stream())
