"""flashinfer's fused per-head output RMSNorm + sigmoid gate (flashinfer/norm/kernels/rmsnorm_sigmoid_gate.py),
sm_100a, its latency build: `rmsnorm_sigmoid_gate` on 128 (token, head) rows (4 decode tokens x 32 heads) takes
`_launch_config`'s (32 lanes, 8 warps, cluster 16): 32 lanes per 64-value head row (2 bf16 = one 32-bit copy each),
8 rows per CTA, 16 tiles, cluster min(16, 16); token stride 2048, every tile full."""

from _fi_rmsnorm_sigmoid_gate import compile_build

ARCH = "sm_100a"


def compile_only():
    return compile_build(32, 32, 8, 16)
