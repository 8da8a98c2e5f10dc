"""flashinfer's b12x BF16 projection on tensor cores (flashinfer/experimental/b12x/gemm/bf16_gemv/_kernel.py,
`Bf16GemmKernel`), sm_120a: y[M, N] = x[M, K] w[N, K]^T with a run-time row count M (the tile's rows past it are
padding, zero-filled), 32 x 64 x 64 CTA tiles, 128 threads; each k-tile of x and w is staged by hand (inline-PTX
128-bit global loads and `st.shared.v4`) into swizzled SMEM, read by ldmatrix into mma.sync m16n8k16 fragments
(2 x 2 warps); for K > 4096 the fp32 accumulator is folded into a second register tile every 16 k-tiles; the
epilogue writes each accumulator value by hand at its identity-tensor coordinate, guarded by the live rows. x, w,
bias and y reach the kernel as flat 1-D views over raw pointers (`_flat`). Compiled as `compile_projection`
compiles the "mma" backend (no bias; N 2048, K 7168), with plain `cute.compile`.
"""

from _common import b12x

ARCH = "sm_120a"


def compile_only(n=2048, k=7168):
    import cutlass
    from cutlass import cute

    module = b12x("gemm.bf16_gemv._kernel")
    pointers = [cute.runtime.make_ptr(cutlass.BFloat16, 16, cute.AddressSpace.gmem, assumed_align=2)
                for _ in range(4)]
    kernel = module.Bf16GemmKernel(n, k, False)
    return cute.compile(kernel, *pointers, cutlass.Int32(1), cutlass.Int64(k), cutlass.Int64(k), cutlass.Int64(n),
                        cutlass.Int64(1), cutlass.Int64(1), cutlass.Int32(0), cute.runtime.make_fake_stream())
