"""flashinfer's Blackwell MoE FC1 with the token gather and SwiGLU fused
(flashinfer/fused_moe/cute_dsl/blackwell/blockscaled_contiguous_gather_grouped_gemm_act_fusion.py,
`BlockScaledContiguousGatherGroupedGemmKernel`), its MXFP8 x MXFP4 build, sm_100a: E4M3 activations (gathered row by
row by cp.async through `token_id_mapping`, one E8M0 scale per 32 K) x FP4 weights (TMA with UNPACK_U8 into an Int8
SMEM container: the operands' widths differ), tcgen05 block-scaled MMA, SwiGLU and MXFP8 output (E4M3 data, E8M0
scales per 32 columns stored as raw bytes by scalar stores, no global scale). Compiled as `cute_dsl_fused_moe_nvfp4`'s
GEMM1 step does for `is_mxfp8` inputs (`a_dtype` float8_e4m3fn, `b_dtype` float4_e2m1fn, `sf_dtype`
float8_e8m0fnu, `sf_vec_size` 32, `c_dtype` float8_e4m3fn, `quantize_output`, no `global_scale`), its defaults tile
(128, 128) and cluster (1, 1), through `pc_fi_moe_gather_act_nvfp4`'s `compile_gather` (the same host path, 148
one-CTA clusters, the same problem sizes).
"""

from pc_fi_moe_gather_act_nvfp4 import compile_gather

ARCH = "sm_100a"


def compile_only():
    import cutlass

    fp8 = cutlass.Float8E4M3FN
    return compile_gather(fp8, cutlass.Float4E2M1FN, cutlass.Float8E8M0FNU, 32, fp8, quantize=True,
                          global_scale=False, tile=(128, 128), cluster=(1, 1), max_active_clusters=148)
