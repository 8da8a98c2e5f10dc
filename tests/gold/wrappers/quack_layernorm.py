"""quack's LayerNorm forward (quack/rmsnorm.py, RMSNorm with is_layernorm=True), sm_90a.

bf16 x and out, a bf16 weight and bias, rstd and mean stored; 4096 rows (a run-time extent) of N = 4096.
"""

from _common import dynamic, quack, row_major, stream, tensor

ARCH = "sm_90a"


def compile_only(n=4096):
    import cutlass

    module = quack("rmsnorm")
    rows = dynamic()
    x, o = (row_major(cutlass.BFloat16, (rows, n)) for _ in range(2))
    w, b = (tensor(cutlass.BFloat16, (n,)) for _ in range(2))
    rstd, mean = (tensor(cutlass.Float32, (rows,), align=4) for _ in range(2))
    norm = module.RMSNorm(cutlass.BFloat16, n, is_layernorm=True)
    return cutlass.cute.compile(norm, x, w, b, None, o, None, rstd, mean, cutlass.Float32(1e-6), stream())
