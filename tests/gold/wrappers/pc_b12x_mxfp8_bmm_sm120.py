"""flashinfer's b12x rowwise-MXFP8 batched GEMM for few rows (flashinfer/experimental/b12x/gemm/_shared/mxfp8_bmm.py,
`_Mxfp8Kernel`), sm_120a: C[g, m, n] = sum_k A[g, m, k] dequant(W[g, n, k]) with bf16 A / C and E4M3 W carrying one
E8M0 scale per 32 K; one CTA per (batch item, 128-column N tile), 4 warps of 32 N columns each, a 3-stage cp.async
ring of raw SMEM stages (B tile, A tile, scales at byte offsets of one struct, XOR-swizzled by hand), A fragments by
ldmatrix, B dequantized to bf16 pairs in registers, inline-PTX `mma.sync` m16n8k16 into a flat fp32 accumulator array,
bf16 pairs stored by raw `st.global`. A, B, scales and C reach the kernel as flat 1-D views over raw pointers.
Compiled as `_compile` compiles it for the qualified B-major-K geometry (`_QUALIFIED_GEOMETRIES`' (K, N) = (512, 256):
values [G, N, K], scales [G, N, K/32]) with 16 batch items and M 8 (one 16-row m-block), the pointers and Int64 strides `_compile` passes, with
plain `cute.compile` (b12x's compile wrapper only adds its cache).
"""

from _common import b12x

ARCH = "sm_120a"


def compile_only(groups=16, m=8, n=256, k=512):
    import cutlass
    from cutlass import cute

    module = b12x("gemm._shared.mxfp8_bmm")
    kernel = module._Mxfp8Kernel(b_major=module._BMajor.K, groups=groups, m=m, n=n, k=k)

    def pointer(dtype, align=16):
        return cute.runtime.make_ptr(dtype, 16, cute.AddressSpace.gmem, assumed_align=align)

    strides = [cutlass.Int64(v) for v in (kernel.gemm_k, kernel.gemm_k, kernel.physical_cols, kernel.physical_cols,
                                          kernel.scale_cols, kernel.scale_cols, kernel.gemm_n, kernel.gemm_n)]
    return cute.compile(kernel, pointer(cutlass.BFloat16), pointer(cutlass.Uint8), pointer(cutlass.Uint8, 4),
                        pointer(cutlass.BFloat16, 4), *strides, cute.runtime.make_fake_stream())
