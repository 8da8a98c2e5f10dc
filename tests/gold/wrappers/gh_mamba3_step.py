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

from _common import github_source

ARCH = "sm_90a"
SOURCE = ("state-spaces/mamba", "e9594ce1c732d97440f0332fdc43170a2294dbfa")


def compile_only(hdim=64, dstate=128, mimo=1):
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
    proj = lambda: fake(bf16, (mimo, heads, hdim), div(bf16))  # noqa: E731
    op = module.Mamba3Step(64, dstate, mimo, 4, remove_gate=False, remove_outproj=False)
    return cute.compile(op, state, bc(), bhd(), fake(f32, (batch, heads), div(f32)), bc(), bc(),
                        fake(f32, (heads,), div(f32)), bhd(), fake(f32, (batch, heads), div(f32)),
                        fake(bf16, (batch, heads), div(bf16)), proj(), proj(), state, bhd(), bhd(), proj(),
                        cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True), options="--enable-tvm-ffi")
