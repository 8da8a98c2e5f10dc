"""b-vitamins/slinoss's one-token SLinOSS decode step (slinoss/ops/v2x2ssd/cute/kernels/decode.py,
`MixerDecodeStepFwd`), sm_80: one CTA per (32-wide P tile, head, batch) stages the complex state tile (P, 2N) into
SMEM transposed ((2N, P), a tiled universal copy of the transposed global view) and the token's value / u_prev /
gate rows into SMEM vectors (warp-specialised vector copies), turns the head's raw parameters into a complex
transition and two taps, prepares B / C and the tap-weighted B vectors in SMEM, then each thread group updates
its share of the state in registers, writes the new state straight to global and leaves a partial of C^H state in
an SMEM (groups, P) buffer, summed per P into y = (C^H state) * silu(gate). No MMA.

Configured as the package's `mixer_decode_step_cute` (slinoss/ops/v2x2ssd/cute/step.py) compiles it without the
fused out projection: bf16 activations, fp32 state, batch 4, 8 heads, one head per B/C group, P 64, N 64 (2N 128),
`_select_decode_tuning`: tile_p 32, 4 warps, vec_n 4; state cp.async off (its env switch unset); fake arguments as
`make_fake_tensor_arg` makes them (row-major compact tensors with run-time extents; state, b_prev, u_prev,
final_state, b_last, u_last with run-time strides), 16-byte alignment, out_proj (1, H, P) and projected (B, 1, 1)
placeholders, d_model 1, the package's default parameter ranges. No shim; scanprep's `cute/common.py` (the
kernel's complex-math helpers) is loaded first so its package's torch-facing __init__ is registered, not run.
"""

from _common import github_source

SOURCE = ("b-vitamins/slinoss", "a0907096d7aca7f75b4a8f770b0f5c0c0ab032f5")
ARCH = "sm_80"


def _compact(dtype, rank):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    return make_fake_compact_tensor(dtype, tuple(cute.sym_int32() for _ in range(rank)),
                                    stride_order=tuple(reversed(range(rank))), assumed_align=16)


def _strided(dtype, rank):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    return make_fake_tensor(dtype, tuple(cute.sym_int32() for _ in range(rank)),
                            stride=tuple(cute.sym_int32() for _ in range(rank)), assumed_align=16)


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import stream

    # The kernel imports scanprep's device helpers; registering that package first keeps its torch-facing
    # __init__ (which imports the whole layer stack) from running.
    github_source(SOURCE[0], ".", "slinoss.ops.scanprep.cute.common")
    mod = github_source(SOURCE[0], ".", "slinoss.ops.v2x2ssd.cute.kernels.decode")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    kernel = mod.MixerDecodeStepFwd(
        heads=8, p_size=64, n_size=64, d_model=1, fuse_outproj=False, state_align_bytes=16,
        u_prev_last_dim_contig=True, tile_p=32, num_warps=4, vec_n=4, dt_min=0.001, dt_max=0.1,
        theta_init_min=0.001, theta_init_max=3.0, theta_mod_scale=0.5, alpha_min=0.0, alpha_max=1.0,
        r_min=0.5, r_max=1.0, eps=1e-6)
    value, params, bc, gate = _compact(bf16, 3), _compact(bf16, 3), _compact(bf16, 4), _compact(bf16, 3)
    state, b_prev, u_prev = _strided(f32, 4), _strided(bf16, 3), _strided(bf16, 3)
    biases = [_compact(f32, 1) for _ in range(5)]
    y = _compact(bf16, 3)
    final_state, b_last, u_last = _strided(f32, 4), _strided(bf16, 3), _strided(bf16, 3)
    out_proj, projected = _compact(bf16, 3), _compact(f32, 3)
    return cute.compile(kernel, value, params, bc, gate, state, b_prev, u_prev, *biases, y, final_state, b_last,
                        u_last, out_proj, projected, stream())
