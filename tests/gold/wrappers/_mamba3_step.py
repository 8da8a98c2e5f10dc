"""Mamba-3's decode step (state-spaces/mamba, mamba_ssm/ops/cute/mamba3/mamba3_step_fn.py, `Mamba3Step`) compiled as
`mamba3_step_fn` compiles it: quack's `make_fake_tensor` over symbolic batch and head counts with 128-bit
divisibility, the TVM-FFI fake stream, the state updated in place. `gh_mamba3_step` (SISO, gated and projected) and
`gh_mamba3_step_mimo` (rank 4, outputs per rank) compile one build each."""

from _common import github_source

SOURCE = ("state-spaces/mamba", "e9594ce1c732d97440f0332fdc43170a2294dbfa")


def compile_step(hdim: int, dstate: int, mimo: int, gated: bool):
    """`Mamba3Step(64, dstate, mimo, 4 warps)`: fp32 state, A, dt and D, bf16 B / C / x and their states, projections
    and trap. `gated` keeps the SiLU(z) gate and the output projection (out is (B, H, D)); without it `mOutproj`,
    `mZ` and `mZproj` are None and out is (B, R, H, D)."""
    import cutlass
    from cutlass import cute

    module = github_source(SOURCE[0], "", "mamba_ssm.ops.cute.mamba3.mamba3_step_fn")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    batch, heads = cute.sym_int(), cute.sym_int()

    def fake(dtype, shape):
        return module.make_fake_tensor(dtype, shape, 128 // dtype.width)

    state = fake(f32, (batch, heads, hdim, dstate))
    b_state, b, c = (fake(bf16, (batch, mimo, heads, dstate)) for _ in range(3))
    x_state, x = fake(bf16, (batch, heads, hdim)), fake(bf16, (batch, heads, hdim))
    a, dt, trap = fake(f32, (batch, heads)), fake(f32, (batch, heads)), fake(bf16, (batch, heads))
    x_proj = fake(bf16, (mimo, heads, hdim))
    if gated:
        out_proj, out = fake(bf16, (mimo, heads, hdim)), fake(bf16, (batch, heads, hdim))
        z, z_proj = fake(bf16, (batch, heads, hdim)), fake(bf16, (mimo, heads, hdim))
    else:
        out_proj, out, z, z_proj = None, fake(bf16, (batch, mimo, heads, hdim)), None, None
    op = module.Mamba3Step(64, dstate, mimo, 4, remove_gate=not gated, remove_outproj=not gated)
    return cute.compile(op, state, b_state, x_state, a, b, c, fake(f32, (heads,)), x, dt, trap, x_proj, out_proj,
                        state, out, z, z_proj, cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True),
                        options="--enable-tvm-ffi")
