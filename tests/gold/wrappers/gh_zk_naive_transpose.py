"""zyksir/CudaDiveDeep's naive 2-D transpose (cute_dsl/ampere_transpose.py, `Naive2DTranspose`): a learner's CuTeDSL
tutorial kernel, no MMA. One CTA per (128, 128) tile of A (M, N): a universal-copy TiledCopy loads the tile into an
SMEM buffer sA (128, 128), every thread then moves elements one by one into a second SMEM buffer sB (N, M) =
sA transposed (scalar indexing), and a second TiledCopy writes sB to the matching (128, 128) tile of B (N, M).

Configured as the module's `__main__` compiles it: fp32 A (4096, 2048) and B (2048, 4096), row-major, from_dlpack with
128-byte alignment and `mark_layout_dynamic()` (dynamic extents and leading strides), the default 32-bit copy (one
fp32 per copy) and 256 threads; a CUDA stream.
"""

from _zk_tutorial import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    from _common import dynamic_layout

    tutorial = module("ampere_transpose")
    a = dynamic_layout(cutlass.Float32, 2, align=128)
    b = dynamic_layout(cutlass.Float32, 2, align=128)
    return cute.compile(tutorial.Naive2DTranspose(), a, b, make_fake_stream())
