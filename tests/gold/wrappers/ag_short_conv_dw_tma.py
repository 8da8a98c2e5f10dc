"""attn-gym's causal short convolution weight-gradient partials, TMA path (attn_gym/linear/short_conv/cute.py,
`CausalConv1dSiluWeightGradientPartialsTma`): one CTA per (64-token time tile, 256-channel block, batch), each thread 2
adjacent channels; warp 0 TMA-loads 8-token x 256-channel stages of the input x and of the output gradient into a
two-stage SMEM ring; each thread keeps a (channels x width-1) register history of x, recomputes the pre-activation
(the taps' dot with its weights), multiplies the incoming gradient by SiLU's derivative and accumulates
(2 channels x 4 taps) weight-gradient sums, stored per (batch, time tile) as fp32 partials (a Torch reduction follows).
No MMA.

Configured as `_launch_weight_gradient` compiles it (the package's own builder `_compile_weight_gradient`, called
unwrapped from its disk cache) for `short_conv`'s backward on a dense bf16 (batch, tokens, 4096) input (32 heads x
head dim 128, Kimi Linear's KDA), width 4, SiLU: the tuned dense bf16 weight-gradient schedule (128 threads, 2 channels
per thread, 64 tokens per block), 16-byte input alignment and an sm_90+ target (so `supports_tma` picks this TMA
kernel), no cu_seqlens, no initial state, 32-bit offsets; batch, tokens and the partials' extents dynamic (the
package's fake tensors).
"""

from _common import attn_gym

ARCH = "sm_90a"


def compile_only(channels=4096, width=4):
    import cutlass

    module = attn_gym("linear.short_conv.cute")
    activations = attn_gym("linear.short_conv.activations")
    dtype = attn_gym("_backends.cute.utils").CuteDType(cutlass.BFloat16, "bf16")
    config = module.ShortConvConfig(128, 2, 64)
    build = getattr(module._compile_weight_gradient, "__wrapped__", module._compile_weight_gradient)
    return build(channels, width, dtype, config, 16, False, False, activations.resolve_activation("silu"), (9, 0), False)
