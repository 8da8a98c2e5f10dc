"""cuDNN frontend's MoE block-scaled grouped weight-gradient GEMM (cudnn/gemm/cutedsl/grouped/wgrad/
moe_blockscaled_grouped_gemm_wgrad.py, BlockScaledMoEGroupedGemmWgradKernel), sm_100a, compiled as
`GroupedGemmWgradBlockScaledAPI._compile_dense` (_blockscaled_api.py) does for the NVFP4 recipe: A the activation
transposed (hidden x tokens), B the other activation (tokens x intermediate), both E2M1 with tokens innermost,
E4M3 scales per 16 tokens in the 2-D (rows rounded to 128, token blocks) form, per-expert global scales (NVFP4
needs them), a dense bf16 weight gradient (experts, hidden, intermediate), cumulative expert token offsets, the
API's default 256 x 256 tile on two CTAs (cluster (2, 1)), tensor2d input order, no accumulation into the output,
a B200's 74 clusters. The reduction axis K is the token axis; each expert's K range comes from the offsets.
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def compile_only(experts=8, hidden=7168, intermediate=2048):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_tensor

    module = cudnn("gemm.cutedsl.grouped.wgrad.moe_blockscaled_grouped_gemm_wgrad")
    utils = cudnn("gemm.cutedsl.grouped.moe_utils")
    kernel = module.BlockScaledMoEGroupedGemmWgradKernel(
        sf_vec_size=16, acc_dtype=cutlass.Float32, use_2cta_instrs=True, mma_tiler_mn=(256, 256),
        cluster_shape_mn=(2, 1), accumulate_on_output=False, expert_cnt=experts,
        weight_mode=utils.MoEWeightMode.DENSE, input_order=utils.WGradInputOrder.Tensor2D)

    tokens = cute.sym_int(divisibility=16)
    scale_cols = cute.sym_int(divisibility=4)
    fp4, e4m3, f32 = cutlass.Float4E2M1FN, cutlass.Float8E4M3FN, cutlass.Float32

    def compact(dtype, shape, order, align=16):
        return make_fake_compact_tensor(dtype, shape, stride_order=order, assumed_align=align)

    def rounded(rows):
        return (rows + 127) // 128 * 128

    workspace_bytes = max(kernel.get_workspace_bytes(), 1)
    return cute.compile(
        kernel,
        compact(fp4, (hidden, tokens), (1, 0)),
        compact(fp4, (tokens, intermediate), (0, 1)),
        compact(e4m3, (rounded(hidden), scale_cols), (1, 0)),
        compact(e4m3, (rounded(intermediate), scale_cols), (1, 0)),
        make_fake_tensor(cutlass.BFloat16, (experts, hidden, intermediate),
                         stride=(hidden * intermediate, intermediate, 1), assumed_align=16),
        make_fake_tensor(cutlass.Int32, (experts,), stride=(1,), assumed_align=4),
        make_fake_tensor(cutlass.Uint8, (workspace_bytes,), stride=(1,), assumed_align=128),
        74,
        stream(),
        make_fake_tensor(f32, (experts,), stride=(1,), assumed_align=4),
        make_fake_tensor(f32, (experts,), stride=(1,), assumed_align=4),
        None)
