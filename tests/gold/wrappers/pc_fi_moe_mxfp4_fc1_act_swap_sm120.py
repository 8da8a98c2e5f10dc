"""The swap-AB build of flashinfer's SM120 MXFP8 x MXFP4 fused MoE FC1 + SwiGLU
(flashinfer/fused_moe/cute_dsl/blackwell_sm12x/kernel_moe_mxfp8_mxfp4_fc1_act.py, `CuteDslSm120MoeMxfp8Mxfp4Fc1Act`),
sm_120a: for a tile of 8 packed rows (`is_swapab`: the 16-row MMA atom is taller than the tile) `make_cfg` swaps the
operands: the MMA's A is the FP4 weights (U and G, 128 W13 rows each, byte containers, unpacked in registers) with
their UE8M0 scales, its B the E4M3 activations (8 packed rows) with theirs, and the output is written by the
package's direct-store epilogue (`store_swap`: each thread's accumulator values straight to global memory through a
transposed view of D), no SMEM staging. Compiled as `cute_dsl_sm12x_fc1_act_mxfp8_mxfp4` compiles the tactic
(8, 128, DIRECT_STG), which its autotuner offers (`TACTICS`, `_Fc1ActRunner.valid_tactics`) and a caller may pass as
`tile=(8, 128, 128)`: `resolve_stage_store` gives the ring depth and DIRECT_STG, then `cute.compile(op.build(grid_x),
*make_args(...))` with the configuration of `pc_fi_moe_mxfp4_fc1_act_sm120` (8 experts, n 2048, K 7168, 188 SMs,
SwiGLU), whose `build` this wrapper reuses.
"""

from pc_fi_moe_mxfp4_fc1_act_sm120 import build

ARCH = "sm_120a"


def compile_only(n=2048, k=7168, experts=8, rows=64, grid_x=188):
    from cutlass import cute

    kernel, args = build(n, k, experts, rows, grid_x, tile=(8, 128, 128))
    return cute.compile(kernel, *args)
