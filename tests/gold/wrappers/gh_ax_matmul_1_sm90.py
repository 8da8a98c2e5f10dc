"""alexarmbr/cute_kernels' persistent warp-specialized Hopper GEMM (matmul_1.py, `GemmKernel`), a learner's own
kernel: C (M, N) fp32 = A (M, K) B (N, K)^T, bf16 operands both K-major. Three warpgroups: warpgroup 2's first warp
is the TMA producer (128 x 64 A tiles and 256 x 64 B tiles into a 4-stage 128-byte-swizzled SMEM ring through a
TMA pipeline), warpgroups 0 and 1 are consumers, each a 64-row half of the 128 x 256 tile (a 2 x 1 x 1 tiled wgmma of
64 x 256 x 16 atoms); the accumulator is written straight from registers to C by a universal copy. Tiles are handed
out by CuTeDSL's static persistent tile scheduler.

Configured as the module's `__main__` compiles it: M = N = K = 4096, A and B (4096, 4096) bf16 row-major, C (4096,
4096) fp32 row-major, static layouts from `from_dlpack(..., assumed_align=16)`, a CUDA stream.
"""

from _ax_cute_kernels import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(m=4096, n=4096, k=4096):
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    gemm = module("matmul_1")
    return cute.compile(gemm.GemmKernel(), row_major(cutlass.BFloat16, (m, k)), row_major(cutlass.BFloat16, (n, k)),
                        row_major(cutlass.Float32, (m, n)), stream())
