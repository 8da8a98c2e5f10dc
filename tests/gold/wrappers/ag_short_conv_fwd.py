"""attn-gym's causal depthwise short convolution forward with SiLU (attn_gym/linear/short_conv/cute.py,
`CausalConv1dSiluForward`), the q / k / v short convolution of KDA and GDN layers: one CTA per (16-token time tile,
512-channel block, batch), each thread 4 adjacent channels; the thread's (4 channels x (16 + width - 1) tokens) input
window is loaded into registers one token's 4-channel group at a time (a `zipped_divide` of the (B, T, C) input by
(1, 1, 4)), its (4 x width) weights by scalar loads, each output token a dot over the taps, SiLU, and a 4-channel
vector store. No MMA, no shared memory.

Configured as `_launch_forward` compiles it (the package's own builder `_compile_forward`, called unwrapped from its
disk cache) for `short_conv(x, weight, activation="silu")` on a dense bf16 (batch, tokens, 4096) input (32 heads x
head dim 128, Kimi Linear's KDA), width 4: the tuned bf16 forward (128 threads, 4 channels per thread, 16 tokens per
block), 8-byte input alignment (one channel group's vector), no cu_seqlens, no initial state, 32-bit offsets, tokens a
multiple of 16 (full time tiles); batch, tokens and the input's outer strides dynamic (the package's fake tensors).
The kernel has no architecture-specific op; the package runs it on Hopper and Blackwell.
"""

from _common import attn_gym

ARCH = "sm_90a"


def compile_only(channels=4096, width=4):
    import cutlass

    module = attn_gym("linear.short_conv.cute")
    activations = attn_gym("linear.short_conv.activations")
    dtype = attn_gym("_backends.cute.utils").CuteDType(cutlass.BFloat16, "bf16")
    config = module.ShortConvConfig(128, 4, 16)
    build = getattr(module._compile_forward, "__wrapped__", module._compile_forward)
    return build(channels, width, dtype, config, 8, False, False, activations.resolve_activation("silu"), False, True)
