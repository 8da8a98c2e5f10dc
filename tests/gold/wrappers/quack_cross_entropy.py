"""quack's cross-entropy forward (quack/cross_entropy.py, CrossEntropy), sm_90a, as its own compile entry builds
it (fake tensors, a symbolic batch), past its compile cache: bf16 logits, int64 targets, N = 32768, LSE stored,
dx computed in the same pass (so no online softmax), no weight.
"""

from _common import quack

ARCH = "sm_90a"


def compile_only(n=32768):
    import cutlass

    module = quack("cross_entropy")
    return module.CrossEntropy.compile.__wrapped__(cutlass.BFloat16, cutlass.Int64, None, n, True, True, None, 1)
