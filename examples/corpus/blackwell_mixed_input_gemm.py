"""CUTLASS's Blackwell mixed-input GEMM example (mixed_input_gemm/mixed_input_gemm.py), sm_100a.

Its run() defaults: (M, N, K, L) = (128, 128, 128, 1), int4 A (M-major) with a bf16 scale every 128 K
elements of each row, bf16 B (K-major) and C (N-major), fp32 accumulate, 128x128x128 MMA tile, 1x1 clusters,
no TMA store, A not shuffled.
"""

import _fake
import _sources

ARCH = "sm_100a"


def compile_only(mnkl=(128, 128, 128, 1), scale_k=128, sms=148):
    import cutlass

    example = _sources.cutlass_example("cute/blackwell/kernel/mixed_input_gemm/mixed_input_gemm.py")
    m, n, k, l = mnkl
    bf16 = cutlass.BFloat16
    a = _fake.tensor(cutlass.Int4, (m, k, l), (0, 1, 2), align=32)
    a_scale = _fake.tensor(bf16, (m, k // scale_k, l), (0, 1, 2))
    b = _fake.tensor(bf16, (n, k, l), (1, 0, 2))
    c = _fake.tensor(bf16, (m, n, l), (1, 0, 2))
    gemm = example.MixedInputGemmKernel(1, scale_k, cutlass.Float32, False, (128, 128, 128), (1, 1), False, False)
    return cutlass.cute.compile(gemm, a, a_scale, b, c, sms, _fake.stream())
