"""A compile-only kernel with no MMA whose global views and register arrays are made by hand (a norm's weighted
row, as fused MoE finalize kernels write it): views over a pointer plus the thread's offset, registers allocated
from a bare layout, filled and emptied by `cute.copy`. The names say nothing about the modes: the labels must
come from the copies and the layouts."""
# The names are untyped on purpose (that is what the tests measure), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

VEC, ITERS, THREADS = 8, 2, 64  # each thread: two 128-bit vectors of a row, 64 threads cover the row's columns
ROWS, COLS = 16, VEC * ITERS * THREADS
# the host lays its views out with extents whose names say no axis: what the tests read is the strides rule
OUTER, INNER = ROWS, COLS


@cute.kernel
def hand_views_kernel(src: cute.Tensor, scale: cute.Tensor, dst: cute.Tensor):
    """One CTA per row: dst[row, :] = src[row, :] * scale[0, :], through views at the thread's column offset."""
    bidx, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    offset = cute.assume(tidx * VEC, divby=VEC)
    row = cute.assume(bidx * COLS + tidx * VEC, divby=VEC)
    vectors = cute.make_layout((VEC, ITERS), stride=(1, THREADS * VEC))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    # an SMEM buffer of the vector's extent (a cross-warp scratch): no view of the global memory the copies read
    scratch = cutlass.utils.SmemAllocator().allocate_tensor(cutlass.Float32, cute.make_layout((VEC,)), byte_alignment=4)
    # registers of one vector in a (vec, 1) layout: the scratch's extent plus an extent-1 iteration
    lead = cute.make_rmem_tensor(cute.make_layout((VEC, 1)), cutlass.Float16)
    cute.copy(atom, cute.make_tensor(scale.iterator + offset, cute.make_layout((VEC, 1), stride=(1, COLS))), lead)
    scratch[tidx // 32] = lead[0].to(cutlass.Float32)
    held = cute.make_rmem_tensor(cute.make_layout((VEC, ITERS)), cutlass.Float16)
    cute.copy(atom, cute.make_tensor(scale.iterator + offset, vectors), held)
    got = cute.make_rmem_tensor(cute.make_layout((VEC, ITERS)), cutlass.Float16)
    cute.copy(atom, cute.make_tensor(src.iterator + row, vectors), got)
    product = cute.make_rmem_tensor(cute.make_layout((VEC, ITERS)), cutlass.Float32)
    for v in cutlass.range_constexpr(VEC):
        for k in cutlass.range_constexpr(ITERS):
            product[v, k] = got[v, k].to(cutlass.Float32) * held[v, k].to(cutlass.Float32)
    result = cute.make_rmem_tensor(cute.make_layout((VEC, ITERS)), cutlass.Float16)
    for i in cutlass.range_constexpr(VEC * ITERS):
        result[i] = product[i].to(cutlass.Float16)
    cute.copy(atom, result, cute.make_tensor(dst.iterator + row, vectors))


@cute.jit
def hand_views_host(src: cute.Tensor, scale: cute.Tensor, dst: cute.Tensor):
    # host views over the arguments' memory, laid out by hand: (rows, columns) and one row of columns
    rows_in = cute.make_tensor(src.iterator, cute.make_layout((OUTER, INNER), stride=(INNER, 1)))
    one_row = cute.make_tensor(scale.iterator, cute.make_layout((1, INNER), stride=(INNER, 1)))
    rows_out = cute.make_tensor(dst.iterator, cute.make_layout((OUTER, INNER), stride=(INNER, 1)))
    hand_views_kernel(rows_in, one_row, rows_out).launch(grid=(ROWS, 1, 1), block=(THREADS, 1, 1))


def _rows(shape):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_hand_views():
    return cute.compile(hand_views_host, _rows((ROWS, COLS)), _rows((1, COLS)), _rows((ROWS, COLS)))
