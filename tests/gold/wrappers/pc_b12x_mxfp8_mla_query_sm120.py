"""flashinfer's b12x MXFP8 absorbed-query projection for MLA (flashinfer/experimental/b12x/gemm/_shared/mxfp8_bmm.py,
`_Mxfp8MlaQueryKernel`), sm_120a: the rowwise-MXFP8 BMM core of `_Mxfp8Kernel` (per head h: q_nope[h] (M tokens,
K 192) times dequant(W_UK[h]) (K, N 512), raw mma.sync m16n8k16, cp.async ring of raw SMEM stages) with a
query-assembly epilogue: the accumulator rounded through bf16, scaled by vLLM's static per-tensor E4M3 scale and
written into the token-major [M, H, 576] workspace, and the head's 64-wide RoPE query copied after it (packed pairs
by raw loads / stores). All tensors reach the kernel as flat 1-D views over raw pointers.
Compiled as `_compile_mla_query_projection` compiles it for the only qualified geometry ([H, K, N] = [16, 192, 512],
B-major N: values [H, K, N], scales [H, K, N/32]) with M 8 tokens and FP8 output, the pointers (alignments) and Int64
strides it passes, with plain `cute.compile` (b12x's compile wrapper only adds its cache).
"""

from _common import b12x

ARCH = "sm_120a"


def compile_only(heads=16, m=8, n=512, k=192):
    import cutlass
    from cutlass import cute

    module = b12x("gemm._shared.mxfp8_bmm")
    kernel = module._Mxfp8MlaQueryKernel(output_fp8=True, b_major=module._BMajor.N, groups=heads, m=m, n=n, k=k)
    rope = module._MLA_QUERY_ROPE_DIM

    def pointer(dtype, align=16):
        return cute.runtime.make_ptr(dtype, 16, cute.AddressSpace.gmem, assumed_align=align)

    strides = [cutlass.Int64(v) for v in (kernel.gemm_k, kernel.gemm_k, kernel.physical_cols, kernel.physical_cols,
                                          kernel.scale_cols, kernel.scale_cols, heads * rope, rope,
                                          heads * (n + rope), n + rope)]
    return cute.compile(kernel, pointer(cutlass.BFloat16), pointer(cutlass.Uint8), pointer(cutlass.Uint8, 4),
                        pointer(cutlass.BFloat16, 4), pointer(cutlass.Float32, 4), pointer(cutlass.Float8E4M3FN, 2),
                        *strides, cute.runtime.make_fake_stream())
