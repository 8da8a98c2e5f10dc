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

from _common import github_source

ARCH = "sm_90a"
SOURCE = ("state-spaces/mamba", "e9594ce1c732d97440f0332fdc43170a2294dbfa")


def compile_only(hdim=64, dstate=128, mimo=4):
    import cutlass
    from cutlass import cute

    module = github_source(SOURCE[0], "", "mamba_ssm.ops.cute.mamba3.mamba3_step_fn")
    fake = module.make_fake_tensor
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    batch, heads = cute.sym_int(), cute.sym_int()
    div = lambda dtype: 128 // dtype.width  # noqa: E731
    state = fake(f32, (batch, heads, hdim, dstate), div(f32))
    bc = lambda: fake(bf16, (batch, mimo, heads, dstate), div(bf16))  # noqa: E731
    bhd = lambda: fake(bf16, (batch, heads, hdim), div(bf16))  # noqa: E731
    op = module.Mamba3Step(64, dstate, mimo, 4, remove_gate=True, remove_outproj=True)
    return cute.compile(op, state, bc(), bhd(), fake(f32, (batch, heads), div(f32)), bc(), bc(),
                        fake(f32, (heads,), div(f32)), bhd(), fake(f32, (batch, heads), div(f32)),
                        fake(bf16, (batch, heads), div(bf16)), fake(bf16, (mimo, heads, hdim), div(bf16)), None, state,
                        fake(bf16, (batch, mimo, heads, hdim), div(bf16)), None, None,
                        cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True), options="--enable-tvm-ffi")
