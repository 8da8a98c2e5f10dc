"""cuDNN frontend's MoE block-scaled grouped GEMM with a fused SReLU epilogue and two-direction quantization of
the output (cudnn/gemm/cutedsl/grouped/srelu/moe_blockscaled_grouped_gemm_srelu_quant.py,
BlockScaledMoEGroupedGemmQuantKernel), sm_100a, compiled as `GroupedGemmSreluSm100._compile_dense` (api.py)
does on its default (fully dynamic M, N, K, L) path: dense (contiguous) expert weights, MXFP8 operands (E4M3, one
E8M0 scale per 32 values), the default 256 x 256 MMA tile on two CTAs (cluster (2, 1)), fp32 accumulation, a bf16
C (the pre-activation), E4M3 D and D_col quantized with row and column scales (SFD, so `generate_sfd`), the
routing probability, per-expert alpha and amax, no bias, static scheduling, 8 local experts, a B200's 74 clusters.
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def compile_only(experts=8):
    import cutlass
    from cutlass import cute
    from cutlass.cute.nvgpu import OperandMajorMode
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_tensor, nullptr

    module = cudnn("gemm.cutedsl.grouped.srelu.moe_blockscaled_grouped_gemm_srelu_quant")
    kernel = module.BlockScaledMoEGroupedGemmQuantKernel(
        sf_vec_size=32, acc_dtype=cutlass.Float32, use_2cta_instrs=True, mma_tiler_mn=(256, 256),
        cluster_shape_mn=(2, 1), vectorized_f32=False, generate_sfd=True, discrete_col_sfd=False, generate_c=True,
        enable_bias=False, expert_cnt=experts, use_dynamic_sched=False, epilogue_type=module.EpilogueType.SRELU.value)

    sym = cute.sym_int
    m, n, k, l = sym(divisibility=256), sym(divisibility=16), sym(divisibility=16), sym()

    def compact(dtype, shape, order):
        return make_fake_compact_tensor(dtype, shape, stride_order=order, assumed_align=16)

    def block_scales(outer, rest):
        return make_fake_tensor(cutlass.Float8E8M0FNU, (32, 4, sym(), 4, sym(), outer),
                                stride=(16, 4, sym(divisibility=512), 1, 512, rest), assumed_align=16)

    e4m3, f32 = cutlass.Float8E4M3FN, cutlass.Float32
    a = compact(e4m3, (m, k, 1), (1, 0, 2))
    b = compact(e4m3, (n, k, l), (1, 0, 2))
    c = compact(cutlass.BFloat16, (m, n, 1), (1, 0, 2))
    d = compact(e4m3, (m, n, 1), (1, 0, 2))
    d_col = compact(e4m3, (m, n, 1), (1, 0, 2))
    sfa = block_scales(1, sym(divisibility=512))
    sfb = block_scales(l, sym(divisibility=512))
    sfd_row = block_scales(1, sym(divisibility=512))
    sfd_col = block_scales(1, sym(divisibility=512))
    return cute.compile(
        kernel, a=a, b=b, sfb=sfb, n=cutlass.Int32(0), k=cutlass.Int32(0), b_stride_size=cutlass.Int64(0),
        b_major_mode=OperandMajorMode.K, workspace_ptr=nullptr(dtype=cutlass.Uint8, assumed_align=128), c=c, d=d,
        d_col=d_col, sfa=sfa, sfd_row_tensor=sfd_row, sfd_col_tensor=sfd_col,
        amax_tensor=make_fake_tensor(f32, (experts, 1), stride=(1, 1), assumed_align=16),
        norm_const_tensor=make_fake_tensor(f32, (1,), stride=(1,), assumed_align=16),
        padded_offsets=make_fake_tensor(cutlass.Int32, (experts,), stride=(1,), assumed_align=16),
        alpha=make_fake_tensor(f32, (experts,), stride=(1,), assumed_align=16), bias=None,
        prob=make_fake_tensor(f32, (m, 1, 1), stride=(1, 1, 1), assumed_align=16),
        max_active_clusters=74, stream=stream())
