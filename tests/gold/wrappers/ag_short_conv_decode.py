"""attn-gym's causal short convolution decode step (attn_gym/linear/short_conv/cute.py, `CausalConv1dSiluDecode`): one
new token per sequence advances its (width - 1)-token history kept in a paged state pool; one CTA per (256-channel
block, sequence), each thread 2 adjacent channels: the history rows and the new token's channels gathered into a
(channels x width) register window by vector loads of `zipped_divide` chunks, the dot with the weights, SiLU, a vector
store of the output, and the shifted history stored back into the sequence's slot. No MMA, no shared memory.

Configured as `_cute_short_conv_decode_cuda` -> `_launch_decode` compiles it (the package's own builder
`_compile_decode`, called unwrapped from its disk cache) for a serving decode step: bf16 (batch, 4096) new tokens (32
heads x 128, Kimi Linear's KDA q / k / v convolution), width 4, SiLU, a paged state pool addressed by `state_indices`
(slot index per sequence), no fresh-slot mask; `_default_decode_config` on an H100 with more than 8 sequences: 128
threads, 2 channels per thread; 4-byte input alignment (one channel group of a contiguous input). Batch and pool depth
dynamic (the package's fake tensors: the pool's slot stride dynamic, each slot compact).
"""

from _common import attn_gym

ARCH = "sm_90a"


def compile_only(channels=4096, width=4):
    import cutlass

    module = attn_gym("linear.short_conv.cute")
    activations = attn_gym("linear.short_conv.activations")
    dtype = attn_gym("_backends.cute.utils").CuteDType(cutlass.BFloat16, "bf16")
    config = module.ShortConvConfig(128, 2, 16)
    build = getattr(module._compile_decode, "__wrapped__", module._compile_decode)
    return build(channels, width, dtype, config, 4, True, activations.resolve_activation("silu"), False)
