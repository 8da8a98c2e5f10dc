"""CUTLASS's Blackwell block-scaled GEMM example (dense_blockscaled_gemm_persistent.py), sm_100a.

Compiled through the example's own `scaled_mm` (pointers and a run-time problem shape, as it ships it), with
its defaults: NVF4 (fp4 A and B, fp8 E4M3 scale factors every 16 elements), fp16 out, 128x128 MMA tile, 1x1
clusters, K-major A and B, N-major C.
"""

import _fake
import _sources

ARCH = "sm_100a"


def compile_only(sms=148):
    import cutlass

    example = _sources.cutlass_example("cute/blackwell/kernel/blockscaled_gemm/dense_blockscaled_gemm_persistent.py")
    gemm = example.Sm100BlockScaledPersistentDenseGemmKernel(16, (128, 128), (1, 1))
    return example.scaled_mm(gemm, cutlass.Float4E2M1FN, cutlass.Float4E2M1FN, cutlass.Float16,
                             cutlass.Float8E4M3FN, "k", "k", "n", sms, _fake.stream())
