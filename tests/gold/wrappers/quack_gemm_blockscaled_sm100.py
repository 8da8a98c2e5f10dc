"""quack's Blackwell GEMM (quack/gemm_sm100.py through quack/gemm.py's compile entry) block-scaled: MXFP8
(e4m3 operands with one e8m0 scale per 32 K-elements), sm_100a.

bf16 output, K-major A and B, 128x128 tiles, a persistent schedule on one CTA, batched; as quack's interface
compiles it, with its own fake tensors and past its compile cache.
"""

from _common import quack

ARCH = "sm_100a"


def compile_only():
    import cutlass

    gemm = quack("gemm")
    rounding = quack("rounding").RoundingMode.RN
    fp8, bf16 = cutlass.Float8E4M3FN, cutlass.BFloat16
    return gemm._compile_gemm.__wrapped__(
        fp8, fp8, bf16, None, "k", "k", "n", None, (128, 128), (1, 1, 1), False, True, False, None, None, 0,
        0, 0, False, False, False, False, False, False, False, (10, 0), rounding, 0, None, cutlass.Float8E8M0FNU,
        32, 1, gemm.SplitKMode.SERIAL)
