"""quack's row top-k forward (quack/topk.py, TopK), sm_90a, no MMA, as its own compile entry builds it (fake tensors, a
symbolic batch), past its compile cache: bf16 rows of N = 1024, k = 32, softmax over the k kept values (a router's
top-k). 16 threads per row load the row by 128-bit copies, each value's column is packed into its low mantissa bits,
a bitonic top-k across the row's lanes, the k values dealt back over the lanes, softmax, vector stores of values and
indices.
"""

from _common import quack

ARCH = "sm_90a"


def compile_only(n=1024, k=32):
    import cutlass

    module = quack("topk")
    return module.TopK.compile.__wrapped__(cutlass.BFloat16, n, k, True)
