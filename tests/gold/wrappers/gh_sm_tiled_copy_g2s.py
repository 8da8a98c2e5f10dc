"""syedMohib44/cuda-triton-multiarch's tiled cp.async copy (cute/02_tiled_copy_g2s.py, `copy_kernel`): the first step of
a learner's FlashAttention-2 port, no MMA. One CTA of 128 threads loads a (64, 64) fp16 tile (the file calls it Q:
rows kBlockM, columns kHeadDim) from global memory into a swizzled SMEM tile by 128-bit cp.async (threads (16, 8),
8 values per thread along the columns), then copies the SMEM tile back out to a second global tensor with the same
thread partition (autovec_copy) to check the round trip.

Configured as the module's `run()` compiles `copy_host`: Q and Out (64, 64) fp16 row-major, static layouts from
from_dlpack with 16-byte alignment; the SMEM layout `tile_to_shape(Swizzle(3, 3, 3) o (8, 64):(64, 1), (64, 64))`.
"""

from _sm_fa2_steps import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    step = module("02_tiled_copy_g2s")
    q = row_major(cutlass.Float16, (64, 64))
    out = row_major(cutlass.Float16, (64, 64))
    return cute.compile(step.copy_host, q, out)
