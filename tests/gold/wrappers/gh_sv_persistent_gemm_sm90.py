"""simveit/cute_persistent_kernels' persistent warp-specialised SM90 GEMM (gemm.py, `Kernel`): C = A B^T with A
(M, K) and B (N, K) bf16, K-major, C (M, N) fp32. One producer warpgroup (its first warp) issues TMA loads of
(128, 64) A and (256, 64) B tiles into a 4-stage swizzled SMEM ring (`PipelineTmaAsync`); two consumer warpgroups
run a (2, 1, 1) tiled WGMMA (64 x 256 atoms, A and B from SMEM) over the K tiles of each output tile the static
persistent tile scheduler hands them, and store the fp32 accumulator straight to global C with a universal copy
(no SMEM epilogue). Configured as the module's `run` compiles it: M = N = K = 8192, plain `from_dlpack` tensors
(static shapes and strides), a stream.
"""

from _common import github_file

SOURCE = ("simveit/cute_persistent_kernels", "ee45fa45f26529d4cb3e6859c15b0834cfc82809")

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    gemm = github_file(SOURCE[0], "gemm.py", "simveit_gemm")  # the stem "gemm" names other modules too
    a = row_major(cutlass.BFloat16, (8192, 8192))
    b = row_major(cutlass.BFloat16, (8192, 8192))
    c = row_major(cutlass.Float32, (8192, 8192))
    return cute.compile(gemm.Kernel(), a, b, c, stream=stream())
