"""flashinfer's Blackwell NVFP4 MoE FC1 with the token gather and SwiGLU fused
(flashinfer/fused_moe/cute_dsl/blackwell/blockscaled_contiguous_gather_grouped_gemm_act_fusion.py,
`BlockScaledContiguousGatherGroupedGemmKernel`), its 2-CTA build with a bf16 output, sm_100a: the 256 x 128 MMA tile
on a CTA pair (each CTA gathers its own 128 token rows by cp.async; a sync-transform warp forwards the pair's A
arrivals to the leader's MMA), B and SFB multicast by TMA, the epilogue's SwiGLU written as bf16 without
quantization. Compiled as `blockscaled_contiguous_gather_grouped_gemm_act_fusion` does with its own defaults (NVFP4
a / b, E4M3 scales per 16, `c_dtype` bfloat16, no `quantize_output`, `mma_tiler_mn` (256, 128), `cluster_shape_mn`
(2, 1), top-k 8, SwiGLU, PDL) through `pc_fi_moe_gather_act_nvfp4`'s `compile_gather` (the same host path and problem
sizes), with a B200's 74 two-CTA clusters.
"""

from pc_fi_moe_gather_act_nvfp4 import compile_gather

ARCH = "sm_100a"


def compile_only():
    import cutlass

    fp4 = cutlass.Float4E2M1FN
    return compile_gather(fp4, fp4, cutlass.Float8E4M3FN, 16, cutlass.BFloat16, quantize=False, global_scale=False,
                          tile=(256, 128), cluster=(2, 1), max_active_clusters=74)
