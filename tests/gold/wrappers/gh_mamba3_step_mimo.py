"""Mamba-3's decode step in its MIMO build (state-spaces/mamba, mamba_ssm/ops/cute/mamba3/mamba3_step_fn.py,
`Mamba3Step`): the kernel of `gh_mamba3_step` with a rank-4 state update (each token's x projected to 4 inputs, 4 B /
B_state rows summed into the state, 4 C rows reading out 4 outputs) and the per-rank outputs written as they are (no
gate, no output projection: the host normalises and projects them).

Configured as `Mamba3.step` calls `mamba3_step_fn` for a MIMO layer with the output-projection norm
(is_mimo True, mimo_rank 4 (the module's default rank), is_outproj_norm True: `outproj`, `z` and `zproj` are None and
`out` is (batch, R, heads, head dim)); the rest as `gh_mamba3_step` (d_state 128, headdim 64, tile_D 64, 4 warps, fp32
state, bf16 k / v states, B, C, x and projections, fp32 A, dt and D, bf16 trap; quack's `make_fake_tensor`, TVM-FFI).
Entries identical to `gh_mamba3_step`'s (line, name, shape and labels) are left out.
"""

from _mamba3_step import SOURCE, compile_step  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(hdim=64, dstate=128, mimo=4):
    return compile_step(hdim, dstate, mimo, gated=False)
