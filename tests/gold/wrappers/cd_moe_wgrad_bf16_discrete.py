"""cuDNN frontend's MoE grouped weight-gradient GEMM in bf16 (cudnn/gemm/cutedsl/grouped/wgrad/moe_grouped_gemm_wgrad.py,
MoEGroupedGemmWgradBF16Kernel), sm_100a, compiled as `GroupedGemmWgradBF16API.compile` (_bf16_api.py) does in its
DISCRETE weight mode: each expert's weight gradient is a tensor of its own, reached through an array of per-expert
base pointers (an Int64 pointer argument) and a template tensor of one expert's (hidden, intermediate) output, whose
per-expert TMA descriptors a helper kernel builds into the workspace. A the activation transposed (hidden x tokens)
and B the other activation (tokens x intermediate), both as a transposed view of a row-major torch tensor gives them
(A hidden-major, B intermediate-major), cumulative expert token offsets, the API's default 256 x 256 tile on two CTAs
(cluster (2, 1)), tensor2d input order, no accumulation into the output, 8 experts, a B200's 74 clusters.
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def compile_only(experts=8, hidden=4096, intermediate=1536):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_tensor, make_ptr

    module = cudnn("gemm.cutedsl.grouped.wgrad.moe_grouped_gemm_wgrad")
    utils = cudnn("gemm.cutedsl.grouped.moe_utils")
    kernel = module.MoEGroupedGemmWgradBF16Kernel(
        acc_dtype=cutlass.Float32, use_2cta_instrs=True, mma_tiler_mn=(256, 256), cluster_shape_mn=(2, 1),
        accumulate_on_output=False, expert_cnt=experts, weight_mode=utils.MoEWeightMode.DISCRETE,
        input_order=utils.WGradInputOrder.Tensor2D)

    tokens = cute.sym_int(divisibility=256)
    bf16 = cutlass.BFloat16
    workspace_bytes = max(kernel.get_workspace_bytes(), 1)
    return cute.compile(
        kernel,
        make_fake_compact_tensor(bf16, (hidden, tokens), stride_order=(0, 1), assumed_align=16),
        make_fake_compact_tensor(bf16, (tokens, intermediate), stride_order=(1, 0), assumed_align=16),
        make_ptr(cutlass.Int64, 0, cute.AddressSpace.gmem, assumed_align=8),
        make_fake_tensor(cutlass.Int32, (experts,), stride=(1,), assumed_align=4),
        make_fake_tensor(cutlass.Uint8, (workspace_bytes,), stride=(1,), assumed_align=128),
        74,
        stream(),
        make_fake_tensor(bf16, (hidden, intermediate), stride=(intermediate, 1), assumed_align=16))
