"""b-vitamins/slinoss's v2x2ssd chunk-scan forward (slinoss/ops/v2x2ssd/cute/kernels/fwd/chunk_scan.py,
`ChunkScanFwdAmpere`), sm_80: one CTA per (64-token query tile, batch-head-chunk). A warp scan of the chunk's complex
transitions M leaves per-token log-magnitude and phase prefixes in SMEM; the off-term Out += rot(C) Z0^H comes from
the chunk's initial state Z0 staged through SMEM; then two diagonal passes (the previous and the current tap of K)
each build scores S = rot(C) rot(B)^T over the state dim by m16n8k16 warp MMAs (C and B cp.async-staged in 64-wide
D slices, rotated in place in SMEM), scale and causally mask them, and accumulate Out += S U over 64-token key
blocks (U staged in SMEM, read transposed by ldmatrix); the fp32 output is stored element by element through an
identity-tensor coordinate view of the accumulator.

Configured as the package's forward host wrapper compiles it (`kernels/fwd/__init__.py`: `_chunk_scan_tensor_specs`
static row-major layouts, `_resolve_chunk_scan_launch_cfg` with the public API's defaults: n_block_size 64, 128
threads, so the (m_block 64, 128 threads) tile family first, output dtype fp32): bf16, batch 2, 8 heads, one B/C
group, padded time 2048, P 64, D 128 (N 64 complex pairs), chunk 64 (32 chunks): U (BHC, L, 1, P), B and C
(BGC, L, 1, D), M (BHC, L, 2), K (BHC, L, 2, 2), Z0 (BHC, P, 1, D) fp32, U_prev0 (BH, P), B_prev0 (BG, D),
Out (BHC, L, 1, P) fp32. The host calls `_launch_main_kernel` inside its own jit; this compiles `__call__`, which
validates the operands and launches the same. No shim.
"""

from _common import github_source

SOURCE = ("b-vitamins/slinoss", "a0907096d7aca7f75b4a8f770b0f5c0c0ab032f5")
ARCH = "sm_80"


def _row_major(dtype, shape, align=16):
    from cutlass.cute.runtime import make_fake_tensor

    stride, step = [], 1
    for extent in reversed(shape):
        stride.insert(0, step)
        step *= extent
    return make_fake_tensor(dtype, shape, stride=tuple(stride), assumed_align=align)


def compile_only():
    import cutlass
    from cutlass import cute

    mod = github_source(SOURCE[0], ".", "slinoss.ops.v2x2ssd.cute.kernels.fwd.chunk_scan")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    batch, heads, groups, time, p, d, chunk = 2, 8, 1, 2048, 64, 128, 64
    n_chunks = time // chunk
    bh, bg = batch * heads, batch * groups
    bhc, bgc = bh * n_chunks, bg * n_chunks
    m_u = _row_major(bf16, (bhc, chunk, 1, p))
    m_b = _row_major(bf16, (bgc, chunk, 1, d))
    m_c = _row_major(bf16, (bgc, chunk, 1, d))
    m_m = _row_major(f32, (bhc, chunk, 2))
    m_k = _row_major(f32, (bhc, chunk, 2, 2))
    m_z0 = _row_major(f32, (bhc, p, 1, d))
    m_u_prev = _row_major(bf16, (bh, p))
    m_b_prev = _row_major(bf16, (bg, d))
    m_out = _row_major(f32, (bhc, chunk, 1, p))
    kernel = mod.ChunkScanFwdAmpere(D=d, P=p, L=chunk, m_block_size=64, n_block_size=64, num_threads=128)
    return cute.compile(kernel, m_u, m_b, m_c, m_m, m_k, m_z0, m_u_prev, m_b_prev, m_out)
