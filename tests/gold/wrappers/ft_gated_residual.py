"""fast-trimul's fused gated residual z + sigmoid(gp + gpb) * (y + yb) (fast_trimul/_kernels.py, _res_solve /
_res_kernel), sm_90a, as its `gated_residual` host function compiles it at the end of
TriangleMultiplicativeUpdateKernelFused's forward: z, gp, y (B = 1, N = 256, d_z = 128, fp16) contiguous and viewed
as (numel / 8, 8) rows of one 128-bit vector each (vec = 8, 16-byte aligned), the fp16 biases (d_z,).
"""

from _common import fast_trimul, row_major, stream, tensor

ARCH = "sm_90a"


def compile_only(n=256, d_z=128, vec=8):
    import cutlass

    module = fast_trimul("_kernels")
    vectors = n * n * d_z // vec
    z, gp, y, out = (row_major(cutlass.Float16, (vectors, vec)) for _ in range(4))
    gpb, yb = (tensor(cutlass.Float16, (d_z,), align=2) for _ in range(2))
    return cutlass.cute.compile(module._res_solve, z, gp, gpb, y, yb, out, cutlass.Int32(vectors),
                                cutlass.Int32(d_z), stream(), vec)
