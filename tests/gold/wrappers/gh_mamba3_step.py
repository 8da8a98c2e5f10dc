"""Mamba-3's decode step (state-spaces/mamba, mamba_ssm/ops/cute/mamba3/mamba3_step_fn.py, `Mamba3Step`): one token's
SSM state update and output per (64-row head-dim tile, head, sequence): the (head dim x d_state) state, B / B_state /
C rows and the MIMO projections staged in SMEM by cp.async, x and x_state staged by one warp each, each thread's
state strip updated in registers (alpha * state + gamma x B + beta x_state B_state), written back, reduced against C
by warp shuffles, gated by SiLU(z) and projected. No MMA.

Configured as `Mamba3.step` (mamba_ssm/modules/mamba3.py) calls `mamba3_step_fn` with the module's defaults (SISO:
mimo_rank 1, is_outproj_norm False, so `outproj`, `z` and `zproj` are given; the state updated in place): d_state 128,
headdim 64, tile_D 64, 4 warps; the fp32 SSM state, bf16 k / v states, B, C, x, z and projections (the model's dtype),
fp32 A, dt and D, bf16 trap. Compiled as `mamba3_step_fn` compiles it: quack's `make_fake_tensor` with symbolic batch
and head counts and 128-bit divisibility, the TVM-FFI fake stream.
"""

from _mamba3_step import SOURCE, compile_step  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(hdim=64, dstate=128, mimo=1):
    return compile_step(hdim, dstate, mimo, gated=True)
