"""flashinfer's SM120/SM121 routed-expert W4A4 MoE (flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a4.py),
sm_120a, its last launch: GEMM2 (grouped h W2[e]^T on the tensor cores: warp-level `MmaMXF4NVF4Op` block-scaled MMA,
2 x 4 warps over BM 32 x BN 128, K = intermediate 768, the NVFP4 intermediate rows read in expert-major order (no
gather), the weight scales copied as 16-byte rows of the 128x4 layout; epilogue: the accumulator times the router
weight staged as bf16 in a 64-column SMEM panel, then reduced into the bf16 output rows of each pair's token by
16-byte `red.global.add.v4.bf16x2`). The same build and arguments as `pc_fi_moe_w4a4_sm120` (see `_fi_moe_w4a4`).
"""

from _fi_moe_w4a4 import launch

ARCH = "sm_120a"


def compile_only(tokens=64):
    return launch(("gemm2",), tokens)
