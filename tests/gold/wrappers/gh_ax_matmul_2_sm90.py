"""alexarmbr/cute_kernels' second persistent warp-specialized Hopper GEMM (matmul_2.py, `GemmKernel`), a learner's own
kernel: matmul_1's GEMM (C (M, N) fp32 = A (M, K) B (N, K)^T, bf16 K-major, 128 x 256 x 64 tiles, one TMA producer warp,
two consumer warpgroups of 64 x 256 x 16 wgmma, a 4-stage 128-byte-swizzled SMEM ring, the accumulator copied straight to
C) with the TMA pipeline replaced by the author's own `BarrierArray` of full / empty mbarriers (arrive-and-expect-tx by
the producer, arrive by the consumers). Its tensors are matmul_1's, made by the same calls at other lines.

Configured as the module's `__main__` compiles it: M = N = K = 4096, A and B (4096, 4096) bf16 row-major, C (4096,
4096) fp32 row-major, static layouts from `from_dlpack(..., assumed_align=16)`, a CUDA stream.
"""

from _ax_cute_kernels import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(m=4096, n=4096, k=4096):
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    gemm = module("matmul_2")
    return cute.compile(gemm.GemmKernel(), row_major(cutlass.BFloat16, (m, k)), row_major(cutlass.BFloat16, (n, k)),
                        row_major(cutlass.Float32, (m, n)), stream())
