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


def compile_gather(a_dtype, b_dtype, sf_dtype, sf_vec, c_dtype, quantize, global_scale, tile, cluster,
                   max_active_clusters, tokens=4096, topk=8, intermediate=2048, k=7168, experts=8):
    """`_get_compiled_gather_kernel`'s Blackwell compile with the pointers `blockscaled_contiguous_gather_grouped_gemm_
    act_fusion` makes (dtypes are cutlass types; `quantize` passes the output scales, `global_scale` the NVFP4 norm
    constant); the other wrappers of this kernel reuse it."""
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
        sf_vec_size=sf_vec, mma_tiler_mn=tile, cluster_shape_mn=cluster, vectorized_f32=True, topk=topk,
        raster_along_m=False, enable_pdl=True, activation_type=module.ActivationType.Swiglu.value,
        swiglu_alpha=module.DEFAULT_SWIGLU_ALPHA, swiglu_beta=module.DEFAULT_SWIGLU_BETA,
        swiglu_limit=_FLOAT32_MAX, situ_beta=None, situ_linear_beta=None, gated=True,
        use_a_per_token_scale=False)
    # the host stores MXFP8 output scales (E4M3 data, E8M0 scales) as raw bytes
    c_sf_dtype = cutlass.Uint8 if (c_dtype, sf_dtype) == (cutlass.Float8E4M3FN, cutlass.Float8E8M0FNU) else sf_dtype
    c_sf = pointer(c_sf_dtype, 16) if quantize else None
    norm_const = pointer(cutlass.Float32) if quantize and global_scale else None
    i32 = cutlass.Int32
    return cute.compile(
        gemm.wrapper, pointer(a_dtype, 32), pointer(b_dtype, 32), pointer(sf_dtype, 16), pointer(sf_dtype, 16),
        pointer(c_dtype, 32), c_sf, pointer(cutlass.Float32), pointer(i32), pointer(i32), pointer(i32),
        pointer(i32), norm_const, None, tokens, tokens * topk, 2 * intermediate, k, experts,
        tile_size=tile[0], scaling_vector_size=sf_vec, max_active_clusters=max_active_clusters,
        stream=make_fake_stream())


def compile_only():
    import cutlass

    fp4 = cutlass.Float4E2M1FN
    return compile_gather(fp4, fp4, cutlass.Float8E4M3FN, 16, fp4, quantize=True, global_scale=True,
                          tile=(128, 128), cluster=(1, 1), max_active_clusters=148)
