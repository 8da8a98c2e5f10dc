"""dist-moe's fused deterministic dW finalize of the RMSNorm backward (dist_moe/kernels/norm/
_fused_dw_reduce_and_quant_kernel.py, `FusedDwReduce`), sm_100a, built as its `compile` classmethod builds it when
`rmsnorm.py`'s backward runs with a weight and the fused finalize (`FusedDwReduce.compile(D, weight dtype)`): D = 4096,
bf16 dW, so cols_per_lane = gcd(4096, 8) = 8; the fp32 partials `(sym, 4096)` and dW `(4096,)` through the package's
own `make_fake_tensor` with divisibility 8. `--enable-tvm-ffi` is not passed (it changes no layout)."""

from _common import dist_moe, stream

ARCH = "sm_100a"

D = 4096


def compile_only():
    import cutlass
    from cutlass import cute

    module = dist_moe("norm._fused_dw_reduce_and_quant_kernel")
    kernel = module.FusedDwReduce(D, cutlass.BFloat16)
    partial = module.fake_tensor(cutlass.Float32, (cute.sym_int(), D), kernel.cols_per_lane)
    dw = module.fake_tensor(cutlass.BFloat16, (D,), kernel.cols_per_lane)
    return cute.compile(kernel, partial, dw, stream())
