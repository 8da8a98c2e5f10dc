"""quack's Blackwell GEMM (quack/gemm_sm100.py through quack/gemm.py's compile entry) in its weight-gradient form:
varlen_k, the tokens of all experts concatenated along K (A is (m, total_k) M-major, B is (n, total_k) N-major, the
cumulative token counts `cu_seqlens_k` split K per expert), D per expert (m, n, experts), sm_100a.

bf16 operands and output, 128x128 tiles on one CTA, a persistent non-pingpong schedule, no C, no epilogue vectors;
as quack's interface compiles it (`gemm` with `cu_seqlens_k` asserts the M- and N-major layouts), with its own fake
tensors and past its compile cache.
"""

from _common import quack

ARCH = "sm_100a"


def compile_only():
    import cutlass

    gemm = quack("gemm")
    rounding = quack("rounding").RoundingMode.RN
    split_k_mode = gemm.SplitKMode.SERIAL
    bf16 = cutlass.BFloat16
    return gemm._compile_gemm.__wrapped__(
        bf16, bf16, bf16, None, "m", "n", "n", None, (128, 128), (1, 1, 1), False, True, False, None, None, 0,
        0, 0, False, False, False, True, False, False, False, (10, 0), rounding, 0, None, None, None, 1,
        split_k_mode)
