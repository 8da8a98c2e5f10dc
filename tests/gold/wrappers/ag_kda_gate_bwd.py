"""attn-gym's KDA gate transform backward (attn_gym/linear/kda/bwd/cute/gate_bwd.py, `_GateTransformBwdTmaOp`): one CTA
per (32-token tile, head, batch), one thread per channel (128); warp 0 TMA-loads 8-token x 128-channel subtiles of the
raw gate and of d_gate into a two-stage SMEM ring, every thread reads its channel of each token by scalar index,
writes d_raw by scalar index, and accumulates d(dt_bias) per channel and dA_log over the tile (a cross-warp sum through
an SMEM buffer of per-warp partials). No MMA.

Configured as `_gate_transform_bwd_cuda` compiles it for `chunk_kda`'s backward (the package's own builder
`_compile_gate_transform_bwd`, called unwrapped from its disk cache): bf16 raw gate, 32 heads, head dim 128, the
bounded (KDA) transform with lower bound -5.0, no fastmath, batch not flattened, 32-bit offsets; batch, tokens and the
chunk count dynamic, the package's fake tensors (g and d_gate with dynamic 16-byte-divisible strides, the partial
outputs compact). Its target check asks attn-gym's compile target: an H100's (sm_90a, 132 SMs) is set.
"""

from _common import attn_gym

ARCH = "sm_90a"


def compile_only(heads=32, head_dim=128, lower_bound=-5.0):
    import cutlass

    target = attn_gym("_backends.cute.target")
    target.set_compile_target(target.CompileTarget("cuda", "sm_90a", (9, 0), "NVIDIA H100", 132))
    module = attn_gym("linear.kda.bwd.cute.gate_bwd")
    types = attn_gym("linear.types")
    dtype = attn_gym("_backends.cute.utils").CuteDType(cutlass.BFloat16, "bf16")
    build = getattr(module._compile_gate_transform_bwd, "__wrapped__", module._compile_gate_transform_bwd)
    return build(dtype, heads, head_dim, lower_bound, False, False, False, types.GateTransform.BOUNDED)
