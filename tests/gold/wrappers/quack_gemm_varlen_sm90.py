"""quack's Hopper GEMM (quack/gemm_sm90.py through quack/gemm.py's compile entry) in its MoE form: varlen_m,
the rows of all experts concatenated (A is (total_m, k), B per expert (n, k, experts), D (total_m, n)), sm_90a.

bf16 operands and output, K-major A and B, 128x128 tiles, a persistent non-pingpong schedule, no C,
no epilogue vectors; as quack's interface compiles it, with its own fake tensors and past its compile cache.
"""

from _common import quack

ARCH = "sm_90a"


def compile_only():
    import cutlass

    gemm = quack("gemm")
    rounding = quack("rounding").RoundingMode.RN
    split_k_mode = gemm.SplitKMode.SERIAL
    bf16 = cutlass.BFloat16
    return gemm._compile_gemm.__wrapped__(
        bf16, bf16, bf16, None, "k", "k", "n", None, (128, 128), (1, 1, 1), False, True, False, None, None, 0,
        0, 0, False, False, True, False, False, False, False, (9, 0), rounding, 0, None, None, None, 1,
        split_k_mode)
