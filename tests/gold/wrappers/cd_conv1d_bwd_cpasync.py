"""cuDNN frontend's causal depthwise conv1d backward (width 4, bf16, SiLU), its B200 "v2-cpasync" schedule
(cudnn/causal_conv1d_bulk_sm100/backward_kernel_vec2_cpasync.py, CausalConv1dBulkBackwardVec2CpAsyncKernel: the
main kernel and the shared dW reducer of backward_kernel_vec4.py), sm_100a, configured as
`CausalConv1dBulkBackward.compile` (backward.py) does for a dense batch of one sequence of T = 4096 tokens and
D = 2048 channels with bf16 weights and no bias or states: `_plan_vec2_cpasync` on a B200 (148 SMs) gives 59
tokens per CTA and 70 token tiles; 128 reduction threads (the schedule's default), fp32 dW partials.
"""

from _common import cudnn, row_major, stream, tensor

ARCH = "sm_100a"


def compile_only(tokens=4096, channels=2048, tokens_per_cta=59, token_tiles=70):
    import cutlass
    from cutlass import cute

    module = cudnn("causal_conv1d_bulk_sm100.backward_kernel_vec2_cpasync")
    kernel = module.CausalConv1dBulkBackwardVec2CpAsyncKernel(
        sequence_length=tokens, n_channels=channels, tokens_per_cta=tokens_per_cta, n_token_tiles=token_tiles,
        reduction_threads=128)
    x = row_major(cutlass.BFloat16, (tokens, channels))
    weight = row_major(cutlass.BFloat16, (channels, 4))
    dy = row_major(cutlass.BFloat16, (tokens, channels))
    dx = row_major(cutlass.BFloat16, (tokens, channels))
    dw = row_major(cutlass.Float32, (channels, 4))
    partials = tensor(cutlass.Float32, (token_tiles * channels * 4,))
    return cute.compile(kernel, x, weight, None, dy, dx, dw, None, partials, None, None, None, None, None, stream())
