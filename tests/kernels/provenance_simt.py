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


HIDDEN, PIECE, PIECES_PER_WARP = 1024, 256, 2  # a row of 1024 values: 2 warps, each 2 pieces of 32 lanes x 4


@cute.kernel
def batched_rows_kernel(src: cute.Tensor, dst: cute.Tensor, lanes: cute.TiledCopy):
    """A norm over the last mode of a (batch, token, hidden) tensor, one CTA per (batch, token): the row tiled
    (1, 1, hidden), each warp's pieces of it tiled at a coordinate its warp number picks and partitioned among
    its lanes; each piece's shuffled sum left in an SMEM slot at `warp * pieces_per_warp + j`."""
    tidx, _, _ = cute.arch.thread_idx()
    bx, by, _ = cute.arch.block_idx()
    w = tidx // 32
    thr = lanes.get_slice(tidx % 32)
    whole = cute.local_tile(src, (1, 1, HIDDEN), (bx, by, 0))[0, 0, None]
    out = cute.local_tile(dst, (1, 1, HIDDEN), (bx, by, 0))[0, 0, None]
    sums = cutlass.utils.SmemAllocator().allocate_tensor(
        cutlass.Float32, cute.make_layout(2 * PIECES_PER_WARP + 1), byte_alignment=4)
    for j in cutlass.range_constexpr(PIECES_PER_WARP):
        piece = cute.local_tile(whole, (PIECE,), (w * PIECES_PER_WARP + j,))
        part = thr.partition_S(piece)
        vals = cute.make_fragment_like(part)
        cute.copy(lanes, part, vals)
        own = cutlass.Float32(0.0)
        for k in cutlass.range_constexpr(cute.size(vals)):
            own = own + vals[k].to(cutlass.Float32)
        total = _warp_sum(own)  # the shuffles inside a dynamic loop: the sum is that loop's result
        if tidx % 32 == 0:
            sums[w * PIECES_PER_WARP + j] = total
        cute.arch.sync_threads()
        written = thr.partition_D(cute.local_tile(out, (PIECE,), (w * PIECES_PER_WARP + j,)))
        vals.store(vals.load() * sums[2 * PIECES_PER_WARP].to(cutlass.Float16))
        cute.copy(lanes, vals, written)


@cute.jit
def batched_rows_host(src: cute.Tensor, dst: cute.Tensor):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=64)
    lanes = cute.make_tiled_copy_tv(atom, cute.make_layout(32), cute.make_layout(4))
    batched_rows_kernel(src, dst, lanes).launch(grid=(2, 16, 1), block=(64, 1, 1))


def compile_batched_rows():
    def bsd():
        return make_fake_compact_tensor(cutlass.Float16, (2, 16, HIDDEN), stride_order=(2, 1, 0), assumed_align=16)
    return cute.compile(batched_rows_host, bsd(), bsd())


LEFT_ROWS, RIGHT_ROWS, DEPTH, SPAN = 2, 3, 512, 128  # 4 warps x 32 lanes x 4 values: one span a pass


@cute.kernel
def dots_kernel(p: cute.Tensor, q: cute.Tensor, lanes: cute.TiledCopy):
    """Every row of q dotted with every row of p by FMAs (q p^T, a GEMV's shape): each thread multiplies the values
    its copy brought of both, its warp shuffles the sums, and each warp leaves one sum per (row of q, row of p)
    in an SMEM buffer, at the warp's index and a literal output index."""
    tidx, _, _ = cute.arch.thread_idx()
    thr = lanes.get_slice(tidx)
    buf = cutlass.utils.SmemAllocator().allocate_tensor(
        cutlass.Float32, cute.make_layout((4, LEFT_ROWS * RIGHT_ROWS)), byte_alignment=4)
    loaded = {}
    for name, src, count in (("p", p, LEFT_ROWS), ("q", q, RIGHT_ROWS)):
        for r in cutlass.range_constexpr(count):
            for c in cutlass.range_constexpr(DEPTH // SPAN):
                part = thr.partition_S(cute.local_tile(src, (1, SPAN), (r, c)))
                regs = cute.make_fragment_like(part)
                cute.copy(lanes, part, regs)
                loaded[name, r, c] = regs
    for b in cutlass.range_constexpr(RIGHT_ROWS):
        for a in cutlass.range_constexpr(LEFT_ROWS):
            acc = cutlass.Float32(0.0)
            for c in cutlass.range_constexpr(DEPTH // SPAN):
                for k in cutlass.range_constexpr(4):
                    acc = acc + loaded["q", b, c][k].to(cutlass.Float32) * loaded["p", a, c][k].to(cutlass.Float32)
            total = _warp_sum(acc)
            if tidx % 32 == 0:
                buf[tidx // 32, b * LEFT_ROWS + a] = total


@cute.jit
def dots_host(p: cute.Tensor, q: cute.Tensor):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=64)
    lanes = cute.make_tiled_copy_tv(atom, cute.make_layout((1, 32)), cute.make_layout((1, 4)))
    dots_kernel(p, q, lanes).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_dots():
    return cute.compile(dots_host, _rows((LEFT_ROWS, DEPTH)), _rows((RIGHT_ROWS, DEPTH)))


TABLE_COLS = 64  # a (periods, 64) table of per-column factors; one thread covers 8 columns of a 512-column row


@cute.kernel
def table_kernel(x: cute.Tensor, table: cute.Tensor, tiled: cute.TiledCopy):
    """Each thread fetches the factors of its own columns from a small table, at the row and column its partition of
    the identity tensor gives it (no thread index in sight): a one-row chunk of 4, copied to registers, then
    spread element by element into a flat array."""
    bidx, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    where = cute.local_tile(cute.make_identity_tensor(x.shape), (ROWS, COLS), (bidx, 0))
    mine = tiled.get_slice(tidx).partition_S(where)
    first = mine[(0, 0), 0, 0]
    lookup = cute.local_tile(table, (1, 4), (first[0] % 3, (first[1] % TABLE_COLS) // 4))
    held = cute.make_rmem_tensor(cute.make_layout((1, 4)), cutlass.Float32)
    cute.autovec_copy(lookup, held)
    spread = cute.make_rmem_tensor(cute.make_layout((8,)), cutlass.Float32)
    for i in cutlass.range_constexpr(4):
        spread[2 * i] = held[0, i]
        spread[2 * i + 1] = held[0, i] * 2.0
    x[bidx, tidx] = spread[0].to(cutlass.Float16) + spread[7].to(cutlass.Float16)


@cute.jit
def table_host(x: cute.Tensor, table: cute.Tensor):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    tiled = cute.make_tiled_copy_tv(atom, cute.make_ordered_layout((ROWS, 32), order=(1, 0)),
                                    cute.make_layout((1, 16)))
    table_kernel(x, table, tiled).launch(grid=(8, 1, 1), block=(ROWS * 32, 1, 1))


def compile_table():
    table = make_fake_compact_tensor(cutlass.Float32, (3, TABLE_COLS), stride_order=(1, 0), assumed_align=16)
    return cute.compile(table_host, _rows((32, COLS)), table)


@cute.kernel
def peaks_kernel(x: cute.Tensor, peak: cute.Tensor):
    """Each warp's largest value by `redux.sync` (inline PTX for floats), left in a (1, warps) SMEM buffer, then the
    CTA's largest of them written out."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    lane, w = tidx % 32, tidx // 32
    peaks = cutlass.utils.SmemAllocator().allocate_tensor(cutlass.Float32, cute.make_layout((1, 4)), byte_alignment=4)
    row = cute.local_tile(x, (1, 128), (bidx, 0))
    mine = cute.arch.warp_redux_sync(row[0, tidx].to(cutlass.Float32), "fmax")
    if lane == 0:
        peaks[0, w] = mine
    cute.arch.sync_threads()
    if tidx == 0:
        peak[bidx] = cute.arch.fmax(cute.arch.fmax(peaks[0, 0], peaks[0, 1]), cute.arch.fmax(peaks[0, 2], peaks[0, 3]))


@cute.jit
def peaks_host(x: cute.Tensor, peak: cute.Tensor):
    peaks_kernel(x, peak).launch(grid=(16, 1, 1), block=(128, 1, 1))


def compile_peaks():
    return cute.compile(peaks_host, _rows((16, 128)), make_fake_compact_tensor(cutlass.Float32, (16,)))


@cute.kernel
def warp_dots_kernel(a: cute.Tensor, b: cute.Tensor, y: cute.Tensor, lanes: cute.TiledCopy):
    """One warp per output, no SMEM: warp w of CTA c dots row w of a with row c of b (a b^T), its lanes' products
    shuffled together and written straight to y[w, c]."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    w = tidx // 32
    lane = lanes.get_slice(tidx % 32)
    acc = cutlass.Float32(0.0)
    for c in cutlass.range_constexpr(DEPTH // SPAN):
        a_part = lane.partition_S(cute.local_tile(a, (1, SPAN), (w, c)))
        b_part = lane.partition_S(cute.local_tile(b, (1, SPAN), (bidx, c)))
        a_regs = cute.make_fragment_like(a_part)
        b_regs = cute.make_fragment_like(b_part)
        cute.copy(lanes, a_part, a_regs)
        cute.copy(lanes, b_part, b_regs)
        for k in cutlass.range_constexpr(cute.size(a_regs)):
            acc = acc + a_regs[k].to(cutlass.Float32) * b_regs[k].to(cutlass.Float32)
    total = _warp_sum(acc)
    if tidx % 32 == 0:
        y[w, bidx] = total


@cute.jit
def warp_dots_host(a: cute.Tensor, b: cute.Tensor, y: cute.Tensor):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=64)
    lanes = cute.make_tiled_copy_tv(atom, cute.make_layout((1, 32)), cute.make_layout((1, 4)))
    warp_dots_kernel(a, b, y, lanes).launch(grid=(RIGHT_ROWS, 1, 1), block=(32 * LEFT_ROWS, 1, 1))


def compile_warp_dots():
    y = make_fake_compact_tensor(cutlass.Float32, (LEFT_ROWS, RIGHT_ROWS), stride_order=(1, 0))
    return cute.compile(warp_dots_host, _rows((LEFT_ROWS, DEPTH)), _rows((RIGHT_ROWS, DEPTH)), y)


@cute.kernel
def lane_chunks_kernel(x: cute.Tensor, y: cute.Tensor):
    """Two rows per warp, 16 lanes a row, each lane 8 values of its row: the chunk picked by `lane_idx() & 15`."""
    lane = cute.arch.lane_idx()
    w = cute.arch.warp_idx()
    bidx, _, _ = cute.arch.block_idx()
    row = bidx * 8 + w * 2 + lane // 16
    piece = cute.local_tile(x[row, None], (8,), (lane & 15,))
    held = cute.make_rmem_tensor(cute.make_layout(8), cutlass.Float16)
    cute.autovec_copy(piece, held)
    cute.autovec_copy(held, cute.local_tile(y[row, None], (8,), (lane & 15,)))


@cute.jit
def lane_chunks_host(x: cute.Tensor, y: cute.Tensor):
    lane_chunks_kernel(x, y).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_lane_chunks():
    return cute.compile(lane_chunks_host, _rows((32, 128)), _rows((32, 128)))


TILE_M, TILE_N, TILE_K = 16, 32, 16  # one warp, one m16n8k16 atom along M, four along N


@cute.kernel
def row_stats_kernel(tiled_mma: cute.TiledMma, a: cute.Tensor, b: cute.Tensor, out: cute.Tensor):
    """Per-row statistics of an accumulator in registers: the products' (M, N) view read a row at a time by a
    run-time index that also picks the statistic's element; a second array indexed only beside the first."""
    tidx, _, _ = cute.arch.thread_idx()
    thr = tiled_mma.get_slice(tidx)
    fa = thr.make_fragment_A(thr.partition_A(a))
    fb = thr.make_fragment_B(thr.partition_B(b))
    cute.autovec_copy(thr.partition_A(a), fa)
    cute.autovec_copy(thr.partition_B(b), fb)
    acc = cute.make_rmem_tensor(thr.partition_shape_C((TILE_M, TILE_N)), cutlass.Float32)
    acc.fill(0.0)
    cute.gemm(tiled_mma, acc, fa, fb, acc)
    # ((2,2),1,4) read as ((rows 2, 1), (columns 2, 4))
    by_rows = cute.make_tensor(acc.iterator, cute.make_layout(((2, 1), (2, 4)), stride=((2, 4), (1, 4))))
    top = cute.make_rmem_tensor_like(cute.make_layout(2), cutlass.Float32)
    spread = cute.make_rmem_tensor_like(top, cutlass.Float32)
    for r in cutlass.range(2, unroll_full=True):
        top[r] = by_rows[r, None].load().reduce(cute.ReductionOp.MAX, -1.0e30, 0)
    for r in cutlass.range(2, unroll_full=True):
        spread[r] = top[r] * 2.0
    out[tidx] = spread[0] + spread[1]


@cute.jit
def row_stats_host(a: cute.Tensor, b: cute.Tensor, out: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((1, 1, 1)))
    row_stats_kernel(tiled_mma, a, b, out).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_row_stats():
    return cute.compile(row_stats_host, _rows((TILE_M, TILE_K)), _rows((TILE_N, TILE_K)),
                        make_fake_compact_tensor(cutlass.Float32, (32,)))


HELD_LEFT, HELD_RIGHT, HELD_VEC, HELD_THREADS = 3, 2, 8, 64  # a (3, 2) accumulator per thread; 64 threads x 8


@cute.kernel
def held_dots_kernel(left: cute.Tensor, right: cute.Tensor):
    """Every row of `left` dotted with every row of `right` (left right^T) by FMAs into a register accumulator the
    thread keeps: each factor a vector of one row its thread picks, the right one's read as a converted tensor
    value (`vals[v]`, not an element of the registers); the warps shuffle each sum and leave it in an SMEM buffer
    at the warp's index."""
    tidx, _, _ = cute.arch.thread_idx()
    buf = cutlass.utils.SmemAllocator().allocate_tensor(
        cutlass.Float32, cute.make_layout((HELD_LEFT, HELD_RIGHT, HELD_THREADS // 32)), byte_alignment=4)
    held = cute.make_rmem_tensor((HELD_LEFT, HELD_RIGHT), cutlass.Float32)
    held.fill(0.0)
    left_vecs = cute.logical_divide(left, (None, HELD_VEC))[None, (None, tidx)]  # each row's vector of the thread's
    right_vecs = cute.logical_divide(right, (None, HELD_VEC))
    for j in cutlass.range_constexpr(HELD_RIGHT):
        piece = right_vecs[j, (None, tidx)]
        got = cute.make_rmem_tensor_like(piece)
        cute.autovec_copy(piece, got)
        vals = got.load().to(cutlass.Float32)
        for i in cutlass.range_constexpr(HELD_LEFT):
            chunk = left_vecs[i, None]
            mine = cute.make_rmem_tensor_like(chunk)
            cute.autovec_copy(chunk, mine)
            for v in cutlass.range_constexpr(HELD_VEC):
                held[i, j] = held[i, j] + mine[v].to(cutlass.Float32) * vals[v]
    for i in cutlass.range_constexpr(HELD_LEFT):
        for j in cutlass.range_constexpr(HELD_RIGHT):
            held[i, j] = _warp_sum(held[i, j])
    if tidx % 32 == 0:
        for i in cutlass.range_constexpr(HELD_LEFT):
            for j in cutlass.range_constexpr(HELD_RIGHT):
                buf[i, j, tidx // 32] = held[i, j]


@cute.jit
def held_dots_host(left: cute.Tensor, right: cute.Tensor):
    held_dots_kernel(left, right).launch(grid=(1, 1, 1), block=(HELD_THREADS, 1, 1))


def compile_held_dots():
    depth = HELD_VEC * HELD_THREADS
    return cute.compile(held_dots_host, _rows((HELD_LEFT, depth)), _rows((HELD_RIGHT, depth)))
