"""zyksir/CudaDiveDeep's SIMT SGEMM "layout demo" (cute_dsl/ampere_sgemm.py, `SGEMM_layout_demo`), no tensor cores: a
learner's CuTeDSL transcription of the CuTe C++ tutorial's first SGEMM (`sgemm_1.cu`: local_partition by thread
layouts). C (M, N) = A (M, K) B (N, K)^T in fp32: per (128, 128) C tile, k-block by k-block, the 256 threads copy the
(128, 8) A and B tiles to SMEM through (32, 8) thread partitions (autovec_copy), then each thread accumulates its
(8, 8) sub-tile of C (rows picked by the (16, 16) thread layout's M mode, columns by its N mode) with scalar FMAs over
the 8 k values; the accumulator is written back by autovec_copy. Its host `__call__` first builds a few views of a
(128, 8) tile over A's pointer only to print their layouts (the tutorial's layout-algebra demo).

Configured as `test_sgemm` compiles it: M, N, K = 2560, 5120, 4096; A (M, K) and B (N, K) fp32 column-major (torch
`(K, M).permute(1, 0)` views), static layouts with 16-byte alignment; C (M, N) fp32 row-major with
`mark_layout_dynamic()` (here: dynamic extents, the leading stride run-time); 256 threads; a CUDA stream.
"""

from _zk_tutorial import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    from _common import dynamic_layout, tensor

    tutorial = module("ampere_sgemm")
    a = tensor(cutlass.Float32, (2560, 4096), order=(0, 1))
    b = tensor(cutlass.Float32, (5120, 4096), order=(0, 1))
    c = dynamic_layout(cutlass.Float32, 2)
    return cute.compile(tutorial.SGEMM_layout_demo(), a, b, c, make_fake_stream())
