"""flashinfer's Hopper MoE GEMM2 with fused finalize (flashinfer/fused_moe/cute_dsl/hopper/
contiguous_grouped_gemm_finalize_fusion.py), sm_90a.

As `sm90_contiguous_grouped_gemm_finalize_fusion` compiles it through the kernel's pointer entry `wrapper`:
bf16 A (expert-sorted rows, 8192 x 2048) and expert weights (8 experts, N = 4096 x K = 2048), bf16 output
scatter-reduced into 1024 tokens with top-8 router scales; its defaults: 128x128 tiles, no cluster, fused
(atomic) finalize, PDL on; 132 active clusters (an H100 SXM's SMs, which the package asks the driver for).
Problem sizes are run-time values, as the package passes them.
"""

from _common import flashinfer, stream

ARCH = "sm_90a"


def compile_only(permuted_m=8192, n=4096, k=2048, experts=8, tokens=1024, topk=8, active_clusters=132):
    import cutlass
    from cutlass.cute.runtime import make_ptr

    module = flashinfer("fused_moe.cute_dsl.hopper.contiguous_grouped_gemm_finalize_fusion")
    gmem = cutlass.cute.AddressSpace.gmem
    bf16, i32, i64 = cutlass.BFloat16, cutlass.Int32, cutlass.Int64
    a, b, out = (make_ptr(bf16, 0, gmem, assumed_align=16) for _ in range(3))
    tile_expert, tile_limit, token_ids, live_tiles = (make_ptr(i32, 0, gmem, assumed_align=4) for _ in range(4))
    scales = make_ptr(cutlass.Float32, 0, gmem, assumed_align=4)
    gemm = module.Sm90ContiguousGroupedGemmFinalizeFusionKernel(cutlass.Float32, (128, 128), topk,
                                                                use_fused_finalize=True, cluster_shape_mn=(1, 1),
                                                                raster_along_m=False, enable_pdl=True)
    return cutlass.cute.compile(gemm.wrapper, a, b, out, tile_expert, tile_limit, token_ids, live_tiles, scales,
                                i64(permuted_m), i64(n), i64(k), i64(experts), i64(tokens), i64(tokens),
                                max_active_clusters=active_clusters, stream=stream())
