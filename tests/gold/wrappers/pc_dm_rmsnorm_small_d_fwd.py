"""dist-moe's small-D RMSNorm forward (dist_moe/kernels/norm/_rmsnorm_small_d_fwd_kernel.py, RMSNormSmallDFwd),
sm_100a, built as its `compile` classmethod builds it for contiguous rows (`x_head_group` None: the flat (M, N) form
`_resolve_input` gives a contiguous x) of the qk-norm regime: bf16 x, weight and output, N = 128 (the head dim), rstd
written, T_hint 0 ("large"), so `_geometry` gives vec 8 (16 bytes a lane), 16 lanes per row, 2 rows per step, and the
defaults 32-row chunks (16 steps), 2 stages, 4 warps per CTA; x / out `(sym, 128)`, weight `(128,)` and rstd `(sym,)`
through the package's own `make_fake_tensor` with `_fake_div`'s divisibility. Its `_plan_grid` reads the GPU through
torch; the wrapper answers it with a B200's (148 SMs, 228 KiB), which only sizes the grid. `--enable-tvm-ffi` is not
passed (it changes no layout)."""

from _common import dist_moe, stream

ARCH = "sm_100a"


def _b200_grid(n, chunk_bytes, stages, warps_per_cta, chunk_rows, t_hint, warp_ring_cap):
    ctas_per_sm = max(1, min(228 * 1024 // (warps_per_cta * stages * chunk_bytes), 2048 // (warps_per_cta * 32)))
    return 148 * ctas_per_sm


def compile_only(n=128):
    import cutlass

    module = dist_moe("norm._rmsnorm_small_d_fwd_kernel")
    module._plan_grid = _b200_grid
    bf16 = cutlass.BFloat16
    rows = cutlass.cute.sym_int()
    div = module._fake_div(n, (bf16, bf16, bf16))
    x, out = (module.fake_tensor(bf16, (rows, n), div) for _ in range(2))
    weight = module.fake_tensor(bf16, (n,), div)
    rstd = module.fake_tensor(cutlass.Float32, (rows,))
    kernel = module.RMSNormSmallDFwd(bf16, n, out_dtype=bf16, weight_dtype=bf16)
    return cutlass.cute.compile(kernel, x, weight, out, rstd, cutlass.Float32(1e-6), cutlass.Float32(0.0), stream())
