"""flashinfer's dense W4A16 GEMM on Blackwell (flashinfer/gemm/kernels/cute_dsl/dense_gemm_bf16_fp4_sm100.py,
Sm100DenseGemmBf16Fp4Kernel), sm_100a, compiled from pointers the way the package's `_get_sm100_bf16_fp4_kernel`
(flashinfer/gemm/gemm_bf16_fp4_cute_dsl.py, whose module cannot be imported without torch) does it for
`mm_bf16_fp4`'s SM100 path: NVFP4 weights (n x k, E2M1, 16-value E4M3 scale blocks) in the MMA's A slot (M =
output channels), bf16 activations (m x k) in its B slot (N = rows), bf16 output; transform warps decode each weight
block to bf16 for the bf16 tcgen05 MMA. Problem m = 256 rows, n = k = 4096, on a 148-SM B200: the package's untuned
fallback (`_select_sm100_bf16_fp4_default_tactic`: fewest waves x per-CTA bytes) picks the tactic
((128, 64, 256), cluster (1, 1), raster along N), hence one-CTA MMAs and a 32-value transform fragment (k is not one
K tile); PDL on, 148 active clusters.
"""

from _common import flashinfer

ARCH = "sm_100a"


def compile_only(m=256, n=4096, k=4096, sm_count=148):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    module = flashinfer("gemm.kernels.cute_dsl.dense_gemm_bf16_fp4_sm100")
    tiler, cluster = (128, 64, 256), (1, 1)
    kernel = module.Sm100DenseGemmBf16Fp4Kernel(
        acc_dtype=cutlass.Float32, use_2cta_instrs=tiler[0] == 256, mma_tiler_mnk=tiler, cluster_shape_mn=cluster,
        enable_pdl=True, raster_along_m=False, transform_fragment_size=128 if k == tiler[2] else 32)
    gmem = cute.AddressSpace.gmem
    pointers = (make_ptr(cutlass.Float4E2M1FN, 0, gmem, assumed_align=32),
                make_ptr(cutlass.Float8E4M3FN, 0, gmem, assumed_align=16),
                make_ptr(cutlass.BFloat16, 0, gmem, assumed_align=32),
                make_ptr(cutlass.Float32, 0, gmem, assumed_align=16),
                make_ptr(cutlass.BFloat16, 0, gmem, assumed_align=32))
    return cute.compile(kernel.wrapper, *pointers, n, m, k, max_active_clusters=sm_count, stream=make_fake_stream(),
                        options="--opt-level 2")
