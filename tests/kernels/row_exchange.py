"""Compile-only kernel: a row-wise kernel with a cross-warp exchange buffer as wide as a thread's values.

`compile_row_exchange` (sm_80): one (1, 256) row tile per CTA, 64 threads x 4 values through one tiled copy; each
thread computes its 4 values in fp32 into a register array made from a bare extent (`make_rmem_tensor(4)`) and sums
them; the two warps leave (sum, sum of squares) in a 4-slot SMEM buffer (`make_layout(4)`: warps x 2 statistics);
the values, rescaled, are stored. The register array holds the thread's 4 loaded values (along the row's columns
N), whatever SMEM buffer of 4 slots the kernel also made.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_tensor

_COLUMNS = 256
_THREADS = 64
_VALUES = 4
_WARPS = _THREADS // 32


@cute.kernel
def row_exchange_kernel(tiles_x: cute.Tensor, tiles_y: cute.Tensor, thr_layout: cute.Layout,
                        val_layout: cute.Layout):
    tidx, _, _ = cute.arch.thread_idx()
    row, _, _ = cute.arch.block_idx()
    exchange = cute.make_tensor(cute.arch.alloc_smem(cutlass.Float32, _WARPS * 2), cute.make_layout(_WARPS * 2))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), tiles_x.element_type)
    thread_copy = cute.make_tiled_copy_tv(atom, thr_layout, val_layout).get_slice(tidx)
    part_x = thread_copy.partition_S(tiles_x[((None, None), (row, 0))])
    frag_x = cute.make_fragment_like(part_x)
    cute.copy(atom, part_x, frag_x)
    values = cute.make_rmem_tensor(_VALUES, cutlass.Float32)
    total = cutlass.Float32(0.0)
    for e in cutlass.range_constexpr(_VALUES):
        values[e] = frag_x[e].to(cutlass.Float32)
        total = total + values[e]
    squares = total * total
    if tidx % 32 == 0:
        exchange[(tidx // 32) * 2] = total
        exchange[(tidx // 32) * 2 + 1] = squares
    cute.arch.sync_threads()
    mean = (exchange[0] + exchange[2]) / cutlass.Float32(_COLUMNS)
    part_y = thread_copy.partition_D(tiles_y[((None, None), (row, 0))])
    frag_y = cute.make_fragment_like(part_y)
    for e in cutlass.range_constexpr(_VALUES):
        frag_y[e] = (values[e] - mean).to(tiles_y.element_type)
    cute.copy(atom, frag_y, part_y)


@cute.jit
def row_exchange_host(x: cute.Tensor, y: cute.Tensor):
    thr_layout = cute.make_ordered_layout((1, _THREADS), order=(1, 0))
    val_layout = cute.make_ordered_layout((1, _VALUES), order=(1, 0))
    tiler, _ = cute.make_layout_tv(thr_layout, val_layout)
    tiles_x = cute.zipped_divide(x, tiler)
    tiles_y = cute.zipped_divide(y, tiler)
    row_exchange_kernel(tiles_x, tiles_y, thr_layout, val_layout).launch(
        grid=(cute.size(x, mode=[0]), 1, 1), block=(_THREADS, 1, 1))


def compile_row_exchange():
    rows = cute.sym_int()
    x, y = (make_fake_tensor(cutlass.Float16, (rows, _COLUMNS), stride=(cute.sym_int64(divisibility=8), 1),
                             assumed_align=16) for _ in range(2))
    return cute.compile(row_exchange_host, x, y)
