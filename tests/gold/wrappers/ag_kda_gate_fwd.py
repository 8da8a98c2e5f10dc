"""attn-gym's KDA gate transform forward (attn_gym/linear/kda/fwd/cute/gate_fwd.py, `_GateTransformForward`): the
per-channel log-decay gate = lower_bound * sigmoid(exp(A_log[h]) * (raw + dt_bias[h, :])) of every (batch, token,
head, channel), one CTA per (8-head group, token, batch), each thread one head's 8 adjacent channels by direct vector
loads (`local_tile` of the row by 8 at the thread's channel group) and one fp32 vector store. No MMA, no shared memory.

Configured as `_gate_transform_fwd_cuda` compiles it for `chunk_kda`'s gate (the package's own builder
`_compile_gate_transform_fwd`, called unwrapped from its disk cache): bf16 raw gate (batch, tokens, 32 heads, 128)
contiguous (compact layout), the bounded (Kimi / KDA) transform with lower bound -5.0, no fastmath, batch not flattened,
32-bit offsets; batch and tokens dynamic (the package's fake tensors). Its target check asks attn-gym's compile target:
`set_compile_target` is given an H100's (sm_90a, 132 SMs); the kernel has no architecture-specific op.
"""

from _common import attn_gym

ARCH = "sm_90a"


def compile_only(heads=32, lower_bound=-5.0):
    import cutlass

    target = attn_gym("_backends.cute.target")
    target.set_compile_target(target.CompileTarget("cuda", "sm_90a", (9, 0), "NVIDIA H100", 132))
    module = attn_gym("linear.kda.fwd.cute.gate_fwd")
    types = attn_gym("linear.types")
    dtype = attn_gym("_backends.cute.utils").CuteDType(cutlass.BFloat16, "bf16")
    return module._compile_gate_transform_fwd.__wrapped__(dtype, heads, lower_bound, False, True, False, False,
                                                           types.GateTransform.BOUNDED)
