"""fast-trimul's fused LayerNorm (fast_trimul/_kernels.py, _layernorm_solve / _layernorm_kernel), sm_90a, as its
`layer_norm` host function compiles it inside TriangleMultiplicativeUpdateKernelFused's forward: the pair
representation z (B = 1, N = 256, d_z = 128, fp16, the package benchmark's default head-to-head size) flattened to
contiguous (B*N*N, d_z) rows, static shapes as `from_dlpack` gives them, fp16 weight and bias, and the grid the
package picks on an H100 (min(resident blocks, rows) = 132 SMs x 8 blocks of 256 threads).
"""

from _common import fast_trimul, row_major, stream, tensor

ARCH = "sm_90a"


def compile_only(n=256, d_z=128):
    import cutlass

    module = fast_trimul("_kernels")
    rows = n * n
    x, out = (row_major(cutlass.Float16, (rows, d_z)) for _ in range(2))
    weight, bias = (tensor(cutlass.Float16, (d_z,), align=2) for _ in range(2))
    blocks = max(1, min(module._RESIDENT, rows))
    return cutlass.cute.compile(module._layernorm_solve, x, weight, bias, out, cutlass.Int32(rows),
                                cutlass.Int32(d_z), cutlass.Float32(1e-5), stream(), blocks)
