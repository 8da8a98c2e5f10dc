"""b-vitamins/slinoss's v2x2ssd chunk-increment forward (slinoss/ops/v2x2ssd/cute/kernels/fwd/chunk_increment.py,
`ChunkIncrementFwdAmpere`), sm_80: one CTA per (64-row P tile, 64-column D tile, batch-head-chunk) runs a reverse-time
complex suffix scan of the chunk's transitions into SMEM tap coefficients, then the chunk's state increment
Inc(P, D) = sum_t U(P, t) * rot_t(B(D, t)) by m16n8k16 warp MMAs over 32-step time tiles (cp.async loads into a
2-stage SMEM ring, the B tile rotated in place by the coefficients, ldmatrix operand copies), plus a boundary term,
stored straight from the accumulator through an identity-tensor coordinate view.

Configured as the package's forward compiles it (`kernels/fwd/__init__.py`, the boundary-metadata host wrapper:
`_chunk_increment_tensor_specs` static layouts, `_resolve_default_chunk_increment_config`: cta_tiler (64, 64, 32),
3 stages asked, normalised to 2 for a 64-step chunk): bf16, batch 2, 8 heads, one B/C group, padded time 2048,
P 64, D 128 (N 64 complex pairs), chunk 64 (32 chunks). U (P, T, BH) and B (D, T, BG) P- / D-contiguous, M (2, T, BH),
K (2, T, BH) with stride 4 per step (Kprev and Kcurr interleaved: the host passes Kcurr as Kprev's iterator + 2, here
a second tensor of the same layout), U_prev (P, BH), B_prev (D, BG), Inc (P, D, BHC) D-contiguous fp32, Mchunk
(2, BHC). The host calls `_launch_kernel`; this calls `__call__`, which validates the operands and launches the same.
"""

from _common import github_source

SOURCE = ("b-vitamins/slinoss", "a0907096d7aca7f75b4a8f770b0f5c0c0ab032f5")
ARCH = "sm_80"


def _static(dtype, shape, stride, align=16):
    from cutlass.cute.runtime import make_fake_tensor

    return make_fake_tensor(dtype, shape, stride=stride, assumed_align=align)


def compile_only():
    import cutlass
    from cutlass import cute

    mod = github_source(SOURCE[0], ".", "slinoss.ops.v2x2ssd.cute.kernels.fwd.chunk_increment")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    batch, heads, groups, time, p, d, chunk = 2, 8, 1, 2048, 64, 128, 64
    bh, bg, bhc = batch * heads, batch * groups, batch * heads * (time // chunk)
    m_u = _static(bf16, (p, time, bh), (1, p, time * p))
    m_b = _static(bf16, (d, time, bg), (1, d, time * d))
    m_m = _static(f32, (2, time, bh), (1, 2, time * 2), align=8)
    m_kprev, m_kcurr = (_static(f32, (2, time, bh), (1, 4, time * 4), align=8) for _ in range(2))
    m_u_prev = _static(bf16, (p, bh), (1, p))
    m_b_prev = _static(bf16, (d, bg), (1, d))
    m_inc = _static(f32, (p, d, bhc), (d, 1, p * d))
    m_chunk = _static(f32, (2, bhc), (1, 2), align=8)
    kernel = mod.ChunkIncrementFwdAmpere(bf16, chunk_size=chunk, cta_tiler=(64, 64, 32), num_stages=3)
    return cute.compile(kernel, m_u, m_b, m_m, m_kprev, m_kcurr, m_u_prev, m_b_prev, m_inc, m_chunk)
