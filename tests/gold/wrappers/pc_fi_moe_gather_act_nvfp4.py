"""flashinfer's Blackwell block-scaled MoE FC1 with the token gather and the activation fused
(flashinfer/fused_moe/cute_dsl/blackwell/blockscaled_contiguous_gather_grouped_gemm_act_fusion.py,
`BlockScaledContiguousGatherGroupedGemmKernel`, the TensorRT-LLM CuTeDSL kernel), sm_100a:
C[r, :] = quant(SwiGLU(alpha[e] * (SFA * A[token(r)]) (SFB * B[e])^T)) for each permuted row r of expert e's tiles,
NVFP4 A (the unpermuted tokens, gathered row by row by cp.async through `token_id_mapping`) x NVFP4 B (interleaved
gate / up rows), E4M3 scales per 16 K, tcgen05 block-scaled MMA into TMEM, SwiGLU in the epilogue and the output
quantized to NVFP4 with its E4M3 scale factors. Compiled as `cute_dsl_fused_moe_nvfp4`'s GEMM1 step compiles it
(`blockscaled_contiguous_gather_grouped_gemm_act_fusion` -> `_get_compiled_gather_kernel` -> `cute.compile(gemm.wrapper,
...)`): its defaults `gemm1_mma_tiler_mn` (128, 128), `gemm1_cluster_shape_mn` (1, 1), NVFP4 a / b / c
(`quantize_output`, a global scale), E4M3 scales with `sf_vec_size` 16, top-k 8, SwiGLU, `vectorized_f32`, no raster
along M, PDL on, no per-token scale; gmem pointers with the host's alignments (32 for A, B, C; 16 for the scales), a
B200's 148 one-CTA clusters, and the host's Python-int problem sizes (4096 tokens, 32768 permuted rows, 2 x 2048
gate / up columns, K 7168, 8 experts) as the wrapper's Int64 parameters.
"""

from _common import flashinfer

ARCH = "sm_100a"
# `DEFAULT_SWIGLU_LIMIT` is torch.finfo(torch.float32).max, which the torch stand-in cannot answer
_FLOAT32_MAX = 3.4028234663852886e38


def compile_only(tokens=4096, topk=8, intermediate=2048, k=7168, experts=8, max_active_clusters=148):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    host_only = ("utils", "api_logging", "jit", "jit.moe_utils")
    # loaded first so that the __init__s of `flashinfer.cute_dsl` and `flashinfer.quantization` (the JIT loader,
    # the GEMM API) stay skipped
    flashinfer("cute_dsl.fp4_common", host_only=host_only)
    flashinfer("quantization.quantization_cute_dsl_utils", host_only=host_only)
    module = flashinfer("fused_moe.cute_dsl.blackwell.blockscaled_contiguous_gather_grouped_gemm_act_fusion",
                        host_only=host_only)

    def pointer(dtype, align=None):
        if align is None:
            return make_ptr(dtype, 16, cute.AddressSpace.gmem)
        return make_ptr(dtype, max(align, 16), cute.AddressSpace.gmem, assumed_align=align)

    gemm = module.BlockScaledContiguousGatherGroupedGemmKernel(
        sf_vec_size=16, mma_tiler_mn=(128, 128), cluster_shape_mn=(1, 1), vectorized_f32=True, topk=topk,
        raster_along_m=False, enable_pdl=True, activation_type=module.ActivationType.Swiglu.value,
        swiglu_alpha=module.DEFAULT_SWIGLU_ALPHA, swiglu_beta=module.DEFAULT_SWIGLU_BETA,
        swiglu_limit=_FLOAT32_MAX, situ_beta=None, situ_linear_beta=None, gated=True,
        use_a_per_token_scale=False)
    fp4, sf = cutlass.Float4E2M1FN, cutlass.Float8E4M3FN
    i32 = cutlass.Int32
    return cute.compile(
        gemm.wrapper, pointer(fp4, 32), pointer(fp4, 32), pointer(sf, 16), pointer(sf, 16), pointer(fp4, 32),
        pointer(sf, 16), pointer(cutlass.Float32), pointer(i32), pointer(i32), pointer(i32), pointer(i32),
        pointer(cutlass.Float32), None, tokens, tokens * topk, 2 * intermediate, k, experts,
        tile_size=128, scaling_vector_size=16, max_active_clusters=max_active_clusters, stream=make_fake_stream())
