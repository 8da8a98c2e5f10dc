"""flashinfer's b12x BF16 projection for few rows, the SIMT GEMV (flashinfer/experimental/b12x/gemm/bf16_gemv/
_kernel.py, `SmallNGemvKernel`), sm_120a, no MMA: y[M, N] = x[M, K] w[N, K]^T, one CTA per output column n and
8-row tile of x; its 128 threads walk w's row n (K) eight bf16 values at a time (inline-PTX `ld.global.v4.u32`),
dot each with the same 8 values of every live row of x into an fp32 register per row (bf16 dot products, fp32
accumulation), then reduce each row's partials by butterfly shuffles and a cross-warp SMEM buffer; thread 0 writes
y[m, n]. x, w, bias and y reach the kernel as flat 1-D views over raw pointers (`_flat`). Compiled as
`compile_projection` compiles the "simt" backend (bf16 operands, 8 rows per tile, no bias; N 2048, K 4096), with
plain `cute.compile`.
"""

from _common import b12x

ARCH = "sm_120a"


def compile_only(n=2048, k=4096, rows_per_tile=8):
    import cutlass
    from cutlass import cute

    module = b12x("gemm.bf16_gemv._kernel")
    pointers = [cute.runtime.make_ptr(cutlass.BFloat16, 16, cute.AddressSpace.gmem, assumed_align=2)
                for _ in range(4)]
    kernel = module.SmallNGemvKernel(n, k, True, False, rows_per_tile)
    return cute.compile(kernel, *pointers, cutlass.Int32(1), cutlass.Int64(k), cutlass.Int64(k), cutlass.Int64(n),
                        cutlass.Int64(1), cutlass.Int64(1), cutlass.Int32(0), cute.runtime.make_fake_stream())
