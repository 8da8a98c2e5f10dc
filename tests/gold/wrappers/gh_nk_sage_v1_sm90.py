"""gpu-kernel-cookbook's SageAttention forward on Hopper, v1 (niehen6174/gpu-kernel-cookbook,
operators/sageattention/cute/kernel_v1.py, `_sage_v1_kernel`): INT8 Q / K (per-block scales) and FP16 V, one CTA (one
warpgroup) per 64-query tile of one (batch, head); S = Q K^T by an INT8 wgmma into INT32, online softmax in registers
through a view of the accumulator in the PV A-operand's order, P written to SMEM by a universal copy tiled as the QK
MMA's C (32-bit: two fp16), O += P V by an FP16 wgmma with both operands in SMEM (ss-mode); Q by a synchronous 128-bit
copy, K and V by cp.async (single buffer each), O written in fp32 by a plain copy of the accumulator's partition of the
output tile.

Configured as `sageattn_v1_cute` -> `_get_compiled` compiles it for the repository test's shape (B=1, H=8, N=2048, D=64):
tile-contiguous int8 Q (B*H*32, 64, 64) and K (B*H, 32, 64, 64), FP16 V transposed per tile (B*H, 32, 64, 64), fp32 O
(B*H*32, 64, 64), per-block scales (B*H*32,) and (B*H, 32); each tensor static-shaped as `from_dlpack` gives it (Q / K
/ V with `assumed_align=128`). Its `fence_proxy(cute.arch.ProxyKind.async_shared, space=cute.arch.SharedSpace.shared_cta)`
names enums CuTeDSL 4.8 replaced by the strings "async.shared" / "cta": the wrapper gives `cute.arch` the two names with
those values (no tensor is made). The module's Triton quantizers are answered by the torch / triton stand-in.
"""

from _common import old_fence_enums
from _nk_sage import SOURCE, compile_version  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(batch=1, heads=8, seqlen=2048, head_dim=64):
    old_fence_enums()
    return compile_version("v1", "_sage_v1_jit", "Float16", batch, heads, seqlen, head_dim)
