"""gpu-kernel-cookbook's SageAttention forward on Hopper, v4 (niehen6174/gpu-kernel-cookbook,
operators/sageattention/cute/kernel_v4.py, `_sage_kernel_v4`): v3's two-warpgroup schedule (INT8 Q / K, S = Q K^T by
an INT8 wgmma, O += P V by an FP16 wgmma with P from registers) with V quantized to FP8 E4M3 per tile: the FP8 bytes
arrive by cp.async (as Int8) into a flat unswizzled SMEM tile, each warpgroup converts them to FP16 into its own
swizzled SMEM V tile (64-bit universal loads into registers, a vector convert, 128-bit stores), the PV wgmma reads that
tile, and the per-tile V scale is folded into P.

Configured as `sageattn_cutedsl_v4` -> `_get_compiled` compiles it for the repository test's shape (B=1, H=8, N=2048,
D=64): tile-contiguous int8 Q (B*H*16, 128, 64) and K (B*H, 32, 64, 64), FP8 V as Int8 bit patterns transposed per
tile (B*H, 32, 64, 64), fp32 O (B*H*16, 128, 64), per-block scales (B*H*16,), (B*H, 32) for K and (B*H, 32) for V; each
tensor static-shaped as `from_dlpack` gives it (Q / K / V with `assumed_align=128`). The module's Triton quantizers are
answered by the torch / triton stand-in (host code only).
"""

from _nk_sage import SOURCE, compile_version  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(batch=1, heads=8, seqlen=2048, head_dim=64):
    return compile_version("v4", "_sage_jit_v4", "Int8", batch, heads, seqlen, head_dim, v_scaled=True)
