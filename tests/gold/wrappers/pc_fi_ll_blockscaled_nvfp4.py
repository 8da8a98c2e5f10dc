"""flashinfer's low-latency Blackwell block-scaled GEMM (flashinfer/gemm/kernels/cute_dsl/low_latency_blockscaled_gemm.py,
`LowLatencyBlockscaledGemmKernel`), sm_100a: C[m, n, l] = scale * sum_k A[m, k, l] B[n, k, l] with NVFP4 A / B (one
E4M3 scale per 16 K), bf16 C (M-major); a non-persistent 128 x 8 CTA tile, 12 warps: warp 0 TMA-loads A and its
scales, warp 1 B and its scales (padded to a 128-row SFB atom per 8-column N tile), warp 2 copies the scales
SMEM -> TMEM and issues the tcgen05 block-scaled MMA, warps 8-11 read the TMEM accumulator to registers and store C
directly (no TMA store). Compiled as `mm_fp4`'s CuTe-DSL low-latency backend compiles it
(`_cutedsl_low_latency_blockscaled_gemm_runner`, 10-input path: a, b Float4E2M1FN, E4M3 scales, sf_vec_size 16, bf16
out, alpha given so `use_scale`, no bias, PDL on as `mm_fp4`'s default): the default tactic `autotune_tactics` sorts
first, (cta_k, ab_stages, sfb_tmem_stages, split_k) = (256, 8, 1, 1), gmem pointers with the runner's alignments
(16 / 32 / 16 / 16 / 16, scale 4) and its dummy (128, 8, cta_k, 1) problem as Int32 scalars. The host swaps A and B
(the kernel's A is the weight, its N the tokens); entries name the kernel's own M / N.
"""

from _common import flashinfer

ARCH = "sm_100a"


def compile_only(cta_k=256, ab_stages=8, sfb_stages=1, split_k=1):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    module = flashinfer("gemm.kernels.cute_dsl.low_latency_blockscaled_gemm")

    def pointer(dtype, align):
        return make_ptr(dtype, max(align, 16), cute.AddressSpace.gmem, assumed_align=align)

    gemm = module.LowLatencyBlockscaledGemmKernel(
        acc_dtype=cutlass.Float32, mma_tiler_mnk=(128, 8, cta_k), num_ab_stage=ab_stages,
        num_sfb_tmem_stage=sfb_stages, sf_vec_size=16, use_pdl=True, split_k=split_k, use_scale=True, use_bias=False)
    fp4, sf = cutlass.Float4E2M1FN, cutlass.Float8E4M3FN
    problem = tuple(cutlass.Int32(x) for x in (128, 8, cta_k, 1))
    return cute.compile(gemm, pointer(fp4, 16), pointer(sf, 32), pointer(fp4, 16), pointer(sf, 16),
                        pointer(cutlass.BFloat16, 16), pointer(cutlass.Float32, 4), None, problem,
                        make_fake_stream())
