"""flashinfer's SM120/SM121 routed-expert W4A4 MoE (flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a4.py),
sm_120a, the ReLU2 (non-gated) build's GEMM1 and `k_act`: W13 holds `inter` rows, so GEMM1 (`kern` built without the
fused epilogue, A rows still gathered by token) stores the scaled fp32 accumulator h through the MMA's C partition, and
`k_act` (one thread per 32-column chunk of a routed row: relu(h)^2 rounded to bf16, 16-element E4M3 block scales, E2M1
codes packed 8 per word) quantizes it for GEMM2. The configuration of `pc_fi_moe_w4a4_sm120` with the non-gated W13
(`_build(..., swiglu=False)`, N13 = 768), `prog`'s arguments, grids and blocks (see `_fi_moe_w4a4`).
"""

from _fi_moe_w4a4 import launch

ARCH = "sm_120a"


def compile_only(tokens=64):
    return launch(("gemm1", "act"), tokens, gated=False)
