"""fast-trimul's fused gate (p + pb) * sigmoid(g + gb) (fast_trimul/_kernels.py, _gate_solve / _gate_kernel),
sm_90a, as its `gate` host function compiles it for the a/b branches of TriangleMultiplicativeUpdateKernelFused:
the projected pair tensors (B = 1, N = 256, d_c = 128, fp16) made contiguous and viewed as (numel / 8, 8) rows of
one 128-bit vector each (vec = 8, 16-byte aligned), the fp16 biases (d_c,) as `from_dlpack` gives them.
"""

from _common import fast_trimul, row_major, stream, tensor

ARCH = "sm_90a"


def compile_only(n=256, d_c=128, vec=8):
    import cutlass

    module = fast_trimul("_kernels")
    vectors = n * n * d_c // vec
    p, g, out = (row_major(cutlass.Float16, (vectors, vec)) for _ in range(3))
    pb, gb = (tensor(cutlass.Float16, (d_c,), align=2) for _ in range(2))
    return cutlass.cute.compile(module._gate_solve, p, pb, g, gb, out, cutlass.Int32(vectors), cutlass.Int32(d_c),
                                stream(), vec)
