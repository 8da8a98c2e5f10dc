"""Rhys-Q/cuda_learn's async-vs-sync copy demo (cutedsl/copy_demo/async_vs_sync.py, `copy_async_kernel`), no MMA: one
CTA per (128, 8) tile of A (M, N) fp16; 128 threads, one 128-bit vector (8 values along N) each: the tile goes
global -> SMEM by a cp.async (or, in the other build, universal) TiledCopy, then SMEM -> B's tile by a synchronous
universal copy with the same thread / value layout.

Configured as the module's `copy_demo` compiles it first: A and B (1280, 80) fp16 row-major, static layouts from
from_dlpack with 16-byte alignment, `use_async=True` (the cp.async build); SMEM layout (128, 8):(8, 1).
"""

from _rq_cuda_learn import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    demo = module("copy_demo.async_vs_sync")
    a = row_major(cutlass.Float16, (1280, 80))
    b = row_major(cutlass.Float16, (1280, 80))
    return cute.compile(demo.copy_async, a, b, True)
