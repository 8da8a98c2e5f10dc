"""CUTLASS's Hopper CTA LayerNorm example (cute/hopper/kernel/cta_norm/cta_norm.py), sm_90a.

Its run() defaults: (M, N) = (4096, 4096), fp16, layer norm with weight and bias, threads chosen by the kernel.
"""

import _fake
import _sources

ARCH = "sm_90a"


def compile_only(m=4096, n=4096):
    import cutlass

    example = _sources.cutlass_example("cute/hopper/kernel/cta_norm/cta_norm.py")
    f16 = cutlass.Float16
    x, y = _fake.row_major(f16, (m, n)), _fake.row_major(f16, (m, n))
    weight, bias = _fake.row_major(f16, (n,)), _fake.row_major(f16, (n,))
    return cutlass.cute.compile(example.CtaNorm(n, "layer", None), y, x, weight, bias)
