"""gpu-kernel-cookbook's SageAttention forward on Hopper, v3 (niehen6174/gpu-kernel-cookbook,
operators/sageattention/cute/kernel_v3.py, `_sage_kernel_v3`): INT8 Q / K (per-block scales) and FP16 V, one CTA per
128-query tile of one (batch, head), two warpgroups each owning 64 query rows (their own SMEM Q tile), S = Q K^T by an
INT8 wgmma into INT32, online softmax in registers with the per-block scales folded in, O += P V by an FP16 wgmma with
P from registers (rs-mode); K double-buffered and V single-buffered by cp.async, O written in fp32 by a plain copy of
the accumulator's partition of the output tile.

Configured as `sageattn_cutedsl_v3` -> `_get_compiled` compiles it for the repository test's shape (B=1, H=8, N=2048,
D=64; `test.py`'s default benchmark): tile-contiguous int8 Q (B*H*16, 128, 64) and K (B*H, 32, 64, 64), FP16 V
transposed per tile (B*H, 32, 64, 64), fp32 O (B*H*16, 128, 64), per-block scales (B*H*16,) and (B*H, 32); each
tensor static-shaped as `from_dlpack` gives it (Q / K / V with `assumed_align=128`). The module's Triton quantizers
are answered by the torch / triton stand-in (host code only).
"""

from _nk_sage import SOURCE, compile_version  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(batch=1, heads=8, seqlen=2048, head_dim=64):
    return compile_version("v3", "_sage_jit_v3", "Float16", batch, heads, seqlen, head_dim)
