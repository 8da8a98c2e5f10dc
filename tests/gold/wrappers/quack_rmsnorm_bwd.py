"""quack's RMSNorm backward (quack/rmsnorm.py, RMSNormBackward) through its compile entry
`_compile_rmsnorm_bwd`, sm_90a.

bf16 x, dout, dx and weight, N = 4096, rows a run-time count (the row-count hint of 4096 rows picks the
heuristic's configuration), fp32 rstd and per-CTA dw partial sums (one row per persistent CTA); no residual,
no bias, not per head. Past quack's compile cache.
"""

from _common import quack

ARCH = "sm_90a"


def compile_only(n=4096, rows_hint=4096):
    import cutlass

    module = quack("rmsnorm")
    bf16 = cutlass.BFloat16
    return module._compile_rmsnorm_bwd.__wrapped__(n, bf16, bf16, bf16, bf16, False, None, None, True, False,
                                                   T_hint=module._bucket_T_hint(rows_hint))
