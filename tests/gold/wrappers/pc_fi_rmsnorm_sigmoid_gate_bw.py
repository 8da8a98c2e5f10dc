"""flashinfer's fused per-head output RMSNorm + sigmoid gate (flashinfer/norm/kernels/rmsnorm_sigmoid_gate.py),
sm_100a, its bandwidth build: `rmsnorm_sigmoid_gate` on more than 256 (token, head) rows takes `_launch_config`'s
(8 lanes, 8 warps, cluster 1): 8 lanes per 64-value head row (8 bf16 = one 128-bit copy each), 32 rows per CTA; 32
heads of contiguous tokens (token stride 2048), so every tile is full (`full_tiles`)."""

from _fi_rmsnorm_sigmoid_gate import compile_build

ARCH = "sm_100a"


def compile_only():
    return compile_build(32, 8, 8, 1)
