"""CUTLASS's Ampere SIMT SGEMM example (cute/ampere/kernel/dense_gemm/sgemm.py), sm_80.

Its run() defaults: (M, N, K) = (256, 256, 64), fp32, M-major A, K-major B, N-major C, a 128x128x8 CTA tile,
3 stages, 256 threads; the leading extent of each operand is a run-time value, as run() marks it.
"""

import _fake
import _sources

ARCH = "sm_80"


def compile_only(mnk=(256, 256, 64)):
    import cutlass

    example = _sources.cutlass_example("cute/ampere/kernel/dense_gemm/sgemm.py")
    m, n, k = mnk
    f32 = cutlass.Float32
    a = _fake.tensor(f32, (_fake.dynamic(4), k), (0, 1))
    b = _fake.tensor(f32, (n, _fake.dynamic(4)), (1, 0))
    c = _fake.tensor(f32, (m, _fake.dynamic(4)), (1, 0))
    return cutlass.cute.compile(example.SGemm(), a, b, c, stream=_fake.stream())
