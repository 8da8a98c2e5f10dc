"""CUTLASS's Blackwell grouped GEMM example (cute/blackwell/kernel/grouped_gemm/grouped_gemm.py), sm_100a.

Its run() defaults: three groups (128,128,128,1), (512,128,128,1), (128,256,128,1), fp16 in and out, fp32
accumulate, a 128x128 MMA tile, 1x1 clusters, tensormaps updated in SMEM; the initial A, B, C are the small
K-, K- and N-major placeholders run() passes, per-group shapes, strides and pointers are device tensors.
"""

import _fake
import _sources

ARCH = "sm_100a"


def compile_only(problems=((128, 128, 128, 1), (512, 128, 128, 1), (128, 256, 128, 1)), sms=148):
    import cutlass

    example = _sources.cutlass_example("cute/blackwell/kernel/grouped_gemm/grouped_gemm.py")
    kernel_class = example.GroupedGemmKernel
    f16, i32, i64 = cutlass.Float16, cutlass.Int32, cutlass.Int64
    dyn = _fake.dynamic
    a, b, c = (_fake.tensor(f16, (dyn(), dyn(), dyn()), (1, 0, 2)) for _ in range(3))
    groups = len(problems)
    shapes = _fake.row_major(i32, (groups, 4))
    strides = _fake.row_major(i32, (groups, 3, 2))
    pointers = _fake.row_major(i64, (groups, 3))
    tensormaps = _fake.row_major(i64, (sms, kernel_class.num_tensormaps, kernel_class.bytes_per_tensormap // 8))
    clusters = sum(-(-m // 128) * -(-n // 128) for m, n, _, _ in problems)
    gemm = kernel_class(cutlass.Float32, False, (128, 128), (1, 1), cutlass.utils.TensorMapUpdateMode.SMEM)
    return cutlass.cute.compile(gemm, a, b, c, groups, shapes, strides, pointers, clusters, tensormaps, sms,
                                _fake.stream())
