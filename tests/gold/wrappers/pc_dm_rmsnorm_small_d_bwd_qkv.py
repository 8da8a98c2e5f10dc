"""dist-moe's scaleless small-D RMSNorm backward (dist_moe/kernels/norm/_rmsnorm_small_d_bwd_kernel.py,
RMSNormSmallDBwd), sm_100a, built as its `compile` classmethod builds it for a head-sliced x (`_resolve_input`'s HEAD_3D form: the Q slice of a
fused qkv projection, read in place as (tokens, 16 heads, N) with a run-time token stride; `_head_walk` gives the
h-minor walk, `x_walk_t_minor` False) of the qk-norm regime; dy and dx flat (T * 16, N): bf16 x, dy and dx, N = 128 (the head
dim), so `_geometry` gives vec 8, 16 lanes per 16-byte row load (2 rows per load step), 8-row chunks (4 load steps),
2 stages, 8 warps per CTA, no T_hint; x `(sym, 16, 128)`, dy / dx `(sym, 128)` and rstd `(sym,)` through the package's own
`make_fake_tensor` with `_fake_div`'s divisibility. Its `_plan_grid` reads the GPU's SM count and shared memory
through torch; the wrapper answers it with a B200's (148 SMs, 228 KiB), which only sizes the grid.
"""

from _common import dist_moe, stream

ARCH = "sm_100a"


def _b200_grid(n, chunk_bytes, stages, warps_per_cta, chunk_rows, t_hint, warp_ring_cap):
    ctas_per_sm = max(1, min(228 * 1024 // (warps_per_cta * stages * chunk_bytes), 2048 // (warps_per_cta * 32)))
    return 148 * ctas_per_sm


def compile_only(n=128, heads=16):
    import cutlass

    module = dist_moe("norm._rmsnorm_small_d_bwd_kernel")
    module._plan_grid = _b200_grid
    bf16 = cutlass.BFloat16
    rows = cutlass.cute.sym_int()
    div = module._fake_div(n, (bf16, bf16, bf16))
    x = module.fake_tensor(bf16, (cutlass.cute.sym_int(), heads, n), div)
    dy, dx = (module.fake_tensor(bf16, (rows, n), div) for _ in range(2))
    rstd = module.fake_tensor(cutlass.Float32, (rows,))
    kernel = module.RMSNormSmallDBwd(bf16, n, dout_dtype=bf16, dx_dtype=bf16, x_head_group=heads)
    return cutlass.cute.compile(kernel, x, dy, rstd, dx, stream())
