"""A register vector filled element by element under a bounds check, beside an SMEM buffer whose leaves it happens
to share (vLLM MuseSpark's q/k norm): the (8, 1) cross-warp buffer's one wide leaf (8:1) is the vector's layout too,
though registers are no view of a buffer: the vector holds none of the buffer's modes.

Compiled for sm_80 with fake tensors (`cute-inspect trace tests/kernels/bounded_fill.py:compile_bounded
--arch sm_80`).
"""
# The tensor names are untyped on purpose (what made each tensor is what the test measures), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

VEC, ROWS_PER_CTA = 8, 8


@cute.kernel
def bounded_kernel(x: cute.Tensor, y: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    row = bidx * ROWS_PER_CTA + tidx // 16
    col = (tidx % 16) * VEC
    smem = cutlass.utils.SmemAllocator()
    partial = smem.allocate_tensor(cutlass.Float32, cute.make_layout((ROWS_PER_CTA, 1)), byte_alignment=4)
    vals = cute.make_rmem_tensor(cute.make_layout(VEC), cutlass.Float32)
    total = cutlass.Float32(0.0)
    for i in cutlass.range_constexpr(VEC):
        v = cutlass.Float32(0.0)
        if row < x.shape[0]:
            v = cutlass.Float32(x[row, col + i])
        vals[i] = v
        total = total + v * v
    partial[tidx // 16, 0] = total
    cute.arch.barrier()
    for i in cutlass.range_constexpr(VEC):
        if row < x.shape[0]:
            y[row, col + i] = (vals[i] * partial[tidx // 16, 0]).to(y.element_type)


@cute.jit
def launch(x: cute.Tensor, y: cute.Tensor):
    bounded_kernel(x, y).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_bounded():
    x = make_fake_compact_tensor(cutlass.BFloat16, (32, 128), stride_order=(1, 0))
    y = make_fake_compact_tensor(cutlass.BFloat16, (32, 128), stride_order=(1, 0))
    return cute.compile(launch, x, y)
