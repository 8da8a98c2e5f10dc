"""Compile-only kernels with no MMA (element-wise and reduction steps), whose names say nothing about their modes:
the labels must come from the data flow."""
# The names are untyped on purpose (that is what the tests measure), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

VEC = 8


@cute.kernel
def vectors_kernel(first: cute.Tensor, second: cute.Tensor, out: cute.Tensor, count: cutlass.Int32):
    """Each thread adds one 128-bit vector: a row of the (vectors, VEC) views, indexed by the thread's number."""
    bidx, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    i = bidx * 128 + tidx
    if i < count:
        a, b, o = first[i, None], second[i, None], out[i, None]
        ra = cute.make_rmem_tensor_like(a)
        rb = cute.make_rmem_tensor_like(b)
        ro = cute.make_rmem_tensor_like(o)
        cute.autovec_copy(a, ra)
        cute.autovec_copy(b, rb)
        for k in cutlass.range_constexpr(VEC):
            ro[k] = ra[k] + rb[k]
        cute.autovec_copy(ro, o)


@cute.jit
def vectors_host(first: cute.Tensor, second: cute.Tensor, out: cute.Tensor, count: cutlass.Int32):
    vectors_kernel(first, second, out, count).launch(grid=(8, 1, 1), block=(128, 1, 1))


def _rows(shape):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_vectors():
    return cute.compile(vectors_host, _rows((1024, VEC)), _rows((1024, VEC)), _rows((1024, VEC)), cutlass.Int32(1024))


ROWS, COLS = 4, 512  # a CTA's tile: 4 rows of 32 threads, each thread 16 values of a row in two 128-bit copies


@cute.kernel
def rows_kernel(x: cute.Tensor, weights: cute.Tensor, tiled: cute.TiledCopy, limit: cutlass.Int32):
    """A norm's load: a CTA tile of rows, a tiled copy of 128-bit atoms, a predicate per atom along the columns."""
    bidx, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    tile = cute.local_tile(x, (ROWS, COLS), (bidx, 0))
    where = cute.local_tile(cute.make_identity_tensor(x.shape), (ROWS, COLS), (bidx, 0))
    thr = tiled.get_slice(tidx)
    part = thr.partition_S(tile)
    coords = thr.partition_S(where)
    values = cute.make_fragment_like(part)
    # the coordinates of the thread's first row rest, over an iterator moved to the next CTA's rows
    moved = cute.make_tensor((coords.iterator[0] + ROWS, coords.iterator[1]), cute.slice_(coords.layout, (None, 0, None)))
    # one predicate per atom repeat (the atom's second leaf) and per rest: sizes read from the coordinates' modes
    pred = cute.make_rmem_tensor(
        cute.make_layout((cute.size(coords, mode=[0, 1]), cute.size(coords, mode=[1]), cute.size(coords, mode=[2])),
                         stride=(cute.size(coords, mode=[2]), 0, 1)), cutlass.Boolean)
    for v in cutlass.range_constexpr(cute.size(pred, mode=[0])):
        pred[v, 0, 0] = cute.elem_less(coords[(0, v), 0, 0][1], limit)
    cute.copy(tiled, part, values, pred=pred)
    # arrays computed element by element from one atom's values: widened to fp32 pairs, then scaled
    atom = cute.make_fragment_like(values[(None, 0), 0, 0])
    pairs = cute.make_rmem_tensor((16,), cutlass.Float32)
    for i in cutlass.range_constexpr(8):
        pairs[2 * i] = atom[i].to(cutlass.Float32)
        pairs[2 * i + 1] = atom[i].to(cutlass.Float32) * 2.0
    scaled = cute.make_rmem_tensor((16,), cutlass.Float32)
    for i in cutlass.range_constexpr(16):
        scaled[i] = pairs[i] * 0.5
    # the atom's values cut into two blocks of four (one scale each)
    blocks = cute.flat_divide(atom, cute.make_layout(4))
    # a per-row vector staged into SMEM by hand, one element per thread
    staged = cutlass.utils.SmemAllocator().allocate_tensor(cutlass.Float16, cute.make_layout(ROWS), byte_alignment=4)
    row_weights = cute.local_tile(weights, (ROWS,), (bidx,))
    if tidx < ROWS:
        staged[tidx] = row_weights[tidx]
    values[0] = values[0] * staged[0]


@cute.jit
def rows_host(x: cute.Tensor, weights: cute.Tensor, limit: cutlass.Int32):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    tiled = cute.make_tiled_copy_tv(atom, cute.make_ordered_layout((ROWS, 32), order=(1, 0)),
                                    cute.make_layout((1, 16)))
    rows_kernel(x, weights, tiled, limit).launch(grid=(8, 1, 1), block=(ROWS * 32, 1, 1))


def compile_rows():
    weights = make_fake_compact_tensor(cutlass.Float16, (32,), assumed_align=16)
    return cute.compile(rows_host, _rows((32, COLS)), weights, cutlass.Int32(COLS))


@cute.kernel
def row_view_kernel(w: cute.Tensor):
    """A weight vector seen as a one-row tile (a (1) mode prepended to its layout), cut by a (rows, columns) tiler,
    after an SMEM row of that tiler's layout: the view's leaves are the row's, its (1) a nested mode."""
    staged = cutlass.utils.SmemAllocator().allocate_tensor(
        cutlass.Float16, cute.make_ordered_layout((1, COLS), order=(1, 0)), byte_alignment=16)
    wide = cute.make_tensor(w.iterator, cute.prepend(w.layout, cute.make_layout((1,), stride=(0,))))
    one_row = cute.local_tile(wide, (1, COLS), (0, 0))
    tidx, _, _ = cute.arch.thread_idx()
    staged[0, tidx] = one_row[0, tidx]


@cute.jit
def row_view_host(w: cute.Tensor):
    row_view_kernel(w).launch(grid=(1, 1, 1), block=(COLS, 1, 1))


def compile_row_view():
    return cute.compile(row_view_host, make_fake_compact_tensor(cutlass.Float16, (COLS,), assumed_align=16))


WARPS_PER_ROW = 2


@cute.jit
def _warp_sum(value):
    for offset in range(5):
        value = value + cute.arch.shuffle_sync_down(value, 1 << offset)
    return value


@cute.kernel
def reduce_kernel(x: cute.Tensor):
    """A row sum across warps: each warp leaves its shuffled sum in an SMEM slot of its row, in one of two sync
    slots; a per-warp buffer of a one-row CTA indexed by the thread index over 32."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    partials = smem.allocate_tensor(cutlass.Float32, cute.make_layout((2, WARPS_PER_ROW, 2)), byte_alignment=4)
    per_warp = smem.allocate_tensor(cutlass.Float32, cute.make_layout(4), byte_alignment=4)
    tile = cute.local_tile(x, (2, 128), (bidx, 0))
    mine = cute.make_rmem_tensor((4,), cutlass.Float32)
    total = _warp_sum(mine.load().reduce(cute.ReductionOp.ADD, 0.0, 0))
    warp = cute.arch.warp_idx()
    lane = cute.arch.lane_idx()
    slot = partials[None, None, 1]
    if lane == 0:
        slot[warp // WARPS_PER_ROW, warp % WARPS_PER_ROW] = total
        per_warp[tidx // 32] = total
    tile[0, tidx] = slot[warp // WARPS_PER_ROW, lane] + per_warp[lane]


@cute.jit
def reduce_host(x: cute.Tensor):
    reduce_kernel(x).launch(grid=(8, 1, 1), block=(128, 1, 1))


def compile_reduce():
    return cute.compile(reduce_host, make_fake_compact_tensor(cutlass.Float32, (16, 128), stride_order=(1, 0),
                                                              assumed_align=16))
