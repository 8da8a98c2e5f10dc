"""Compile-only kernel: attention products chained through shared memory, as mma.sync backward passes write them.
Names carry no axis letters: the labels must come from the data flow.

`compile_through_smem` (sm_80): first = X Y^T (X (rows, depth), Y (cols, depth)), its values stored to SMEM by an
r2s copy; then, by one second TiledMma and one B-operand copy, a product reading first's SMEM (rows, cols) and
Y's transposed view (depth, cols), and two reading first's transposed view (cols, rows) and X's or W's (depth,
rows), as dQ = dS K, dK = dS^T Q and dV = P^T dO read theirs: X's rows are the queries, Y's the keys.

`compile_lone_scores` (sm_80): S = Q K^T and nothing after it but a row maximum (a block selection's scores), over
(batch, heads, tokens, head dim) inputs. No second MMA says attention: only the operands' names (`sQ`, `sK`, `cS`)
do, as `hint:scores`.

`compile_two_layouts` (sm_80): one SMEM field seen twice (`get_tensor` with two layouts), as the MMA reads it
((rows, depth, stage)) and as its load tiles it (((rows, 16 columns), 1, 4 column tiles, stage)); the MMA reads only
the first. The second is a buffer of its own at the Block level whose leaves run along the axes of the data they
hold.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.memory import SmemAllocator

_N = 64


def _transposed(t: cute.Tensor) -> cute.Tensor:
    """The same SMEM seen with its two modes swapped (a composition with an ordered layout)."""
    return cute.composition(t, cute.make_ordered_layout((t.shape[1], t.shape[0]), order=(1, 0)))


@cute.kernel
def through_smem_kernel(mma_first: cute.TiledMma, mma_second: cute.TiledMma, X: cute.Tensor, Y: cute.Tensor,
                        W: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    layout = cute.make_layout((_N, _N), stride=(_N, 1))
    sx = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sy = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sp = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sw = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sxt = _transposed(sx)
    syt = _transposed(sy)
    spt = _transposed(sp)
    swt = _transposed(sw)
    cute.autovec_copy(cute.local_tile(X, (_N, _N), (0, 0)), sx)
    cute.autovec_copy(cute.local_tile(Y, (_N, _N), (0, 0)), sy)
    cute.autovec_copy(cute.local_tile(W, (_N, _N), (0, 0)), sw)
    cute.arch.sync_threads()

    thr = mma_first.get_slice(tidx)
    px = thr.partition_A(sx)
    py = thr.partition_B(sy)
    fx = thr.make_fragment_A(px)
    fy = thr.make_fragment_B(py)
    cute.autovec_copy(px, fx)
    cute.autovec_copy(py, fy)
    first = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    first.fill(0.0)
    cute.gemm(mma_first, first, fx, fy, first)
    half = cute.make_fragment_like(first, cutlass.Float16)
    half.store(first.load().to(cutlass.Float16))
    r2s = cute.make_tiled_copy_C(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16), mma_first)
    r2s_thr = r2s.get_slice(tidx)
    cute.copy(r2s, r2s_thr.retile(half), r2s_thr.partition_D(sp))
    cute.arch.sync_threads()

    # one B-operand copy partitions two tensors of different axes in turn, each followed by its fragment's retile
    thr2 = mma_second.get_slice(tidx)
    ldmatrix_t = cute.nvgpu.warp.LdMatrix8x8x16bOp(transpose=True, num_matrices=4)
    copy_b = cute.make_tiled_copy_B(cute.make_copy_atom(ldmatrix_t, cutlass.Float16), mma_second)
    copy_b_thr = copy_b.get_slice(tidx)
    pp = thr2.partition_A(sp)
    rows_a = thr2.make_fragment_A(pp)
    cols_b = thr2.make_fragment_B(thr2.partition_B(syt))
    cols_src = copy_b_thr.partition_S(syt)
    cols_view = copy_b_thr.retile(cols_b)
    ppt = thr2.partition_A(spt)
    cols_a = thr2.make_fragment_A(ppt)
    rows_b = thr2.make_fragment_B(thr2.partition_B(sxt))
    rows_src = copy_b_thr.partition_S(sxt)
    rows_view = copy_b_thr.retile(rows_b)
    cute.autovec_copy(pp, rows_a)
    cute.copy(copy_b, cols_src, cols_view)
    by_rows = cute.make_rmem_tensor(thr2.partition_shape_C((_N, _N)), cutlass.Float32)
    by_rows.fill(0.0)
    cute.gemm(mma_second, by_rows, rows_a, cols_b, by_rows)
    cute.autovec_copy(ppt, cols_a)
    cute.copy(copy_b, rows_src, rows_view)
    by_cols = cute.make_rmem_tensor(thr2.partition_shape_C((_N, _N)), cutlass.Float32)
    by_cols.fill(0.0)
    cute.gemm(mma_second, by_cols, cols_a, rows_b, by_cols)
    again = thr2.make_fragment_A(ppt)
    other = thr2.make_fragment_B(thr2.partition_B(swt))
    cute.autovec_copy(ppt, again)
    by_cols_too = cute.make_rmem_tensor(thr2.partition_shape_C((_N, _N)), cutlass.Float32)
    by_cols_too.fill(0.0)
    cute.gemm(mma_second, by_cols_too, again, other, by_cols_too)
    cute.printf("{} {} {}", by_rows[0], by_cols[0], by_cols_too[0])


@cute.jit
def through_smem_host(X: cute.Tensor, Y: cute.Tensor, W: cute.Tensor):
    def op():
        return cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    mma_first = cute.make_tiled_mma(op(), cute.make_layout((4, 1, 1)))
    mma_second = cute.make_tiled_mma(op(), cute.make_layout((4, 1, 1)))
    through_smem_kernel(mma_first, mma_second, X, Y, W).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_through_smem():
    def fake():
        return make_fake_compact_tensor(cutlass.Float16, (_N, _N), stride_order=(1, 0), assumed_align=16)
    return cute.compile(through_smem_host, fake(), fake(), fake())


@cute.kernel
def lone_scores_kernel(tiled_mma: cute.TiledMma, q: cute.Tensor, k: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    tile, head, batch = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    layout = cute.make_layout((_N, _N), stride=(_N, 1))
    sQ = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sK = smem.allocate_tensor(cutlass.Float16, layout, 16)
    cute.autovec_copy(cute.local_tile(q[batch, head, None, None], (_N, _N), (tile, 0)), sQ)
    cute.autovec_copy(cute.local_tile(k[batch, head, None, None], (_N, _N), (0, 0)), sK)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    tSsQ = thr.partition_A(sQ)
    tSsK = thr.partition_B(sK)
    tSrQ = thr.make_fragment_A(tSsQ)
    tSrK = thr.make_fragment_B(tSsK)
    cute.autovec_copy(tSsQ, tSrQ)
    cute.autovec_copy(tSsK, tSrK)
    acc = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    acc.fill(0.0)
    cute.gemm(tiled_mma, acc, tSrQ, tSrK, acc)
    cS = cute.make_identity_tensor((_N, _N))
    tScS = thr.partition_C(cS)
    best = acc.load().reduce(cute.ReductionOp.MAX, -cutlass.Float32.inf, 0)
    # shapes written mode by mode from the partitions' modes
    rows = cute.size(tScS.shape[1])
    per_row = cute.make_rmem_tensor((rows, 4), cutlass.Float32)
    per_row.fill(best)
    pred = cute.make_rmem_tensor(cute.make_layout((tSsQ.shape[0][1], cute.size(tSsQ, mode=[2])), stride=(0, 1)),
                                 cutlass.Boolean)
    pred.fill(True)
    cute.printf("{} {} {}", per_row[0], pred[0], tScS[0])


@cute.jit
def lone_scores_host(q: cute.Tensor, k: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    lone_scores_kernel(tiled_mma, q, k).launch(grid=(2, 2, 2), block=(128, 1, 1))


def compile_lone_scores():
    def fake():
        return make_fake_compact_tensor(cutlass.Float16, (2, 2, 2 * _N, _N), stride_order=(3, 2, 1, 0),
                                        assumed_align=16)
    return cute.compile(lone_scores_host, fake(), fake())


@cute.kernel
def lone_swapped_kernel(tiled_mma: cute.TiledMma, q: cute.Tensor, k: cute.Tensor):
    """The lone product transposed, S^T = K Q^T: the keys' tile in A, the queries' in B."""
    tidx, _, _ = cute.arch.thread_idx()
    tile, head, batch = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    layout = cute.make_layout((_N, _N), stride=(_N, 1))
    sQ = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sK = smem.allocate_tensor(cutlass.Float16, layout, 16)
    cute.autovec_copy(cute.local_tile(q[batch, head, None, None], (_N, _N), (tile, 0)), sQ)
    cute.autovec_copy(cute.local_tile(k[batch, head, None, None], (_N, _N), (0, 0)), sK)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    tSrK = thr.make_fragment_A(thr.partition_A(sK))
    tSrQ = thr.make_fragment_B(thr.partition_B(sQ))
    cute.autovec_copy(thr.partition_A(sK), tSrK)
    cute.autovec_copy(thr.partition_B(sQ), tSrQ)
    accT = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    accT.fill(0.0)
    cute.gemm(tiled_mma, accT, tSrK, tSrQ, accT)
    cute.printf("{}", accT[0])


@cute.jit
def lone_swapped_host(q: cute.Tensor, k: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    lone_swapped_kernel(cute.make_tiled_mma(op, cute.make_layout((4, 1, 1))), q, k).launch(grid=(2, 2, 2),
                                                                                          block=(128, 1, 1))


def compile_lone_swapped():
    def fake():
        return make_fake_compact_tensor(cutlass.Float16, (2, 2, 2 * _N, _N), stride_order=(3, 2, 1, 0),
                                        assumed_align=16)
    return cute.compile(lone_swapped_host, fake(), fake())


@cute.kernel
def two_layouts_kernel(tiled_mma: cute.TiledMma, X: cute.Tensor, Y: cute.Tensor):
    @cute.struct
    class SharedStorage:
        x: cute.struct.Align[cute.struct.MemRange[cutlass.Float16, _N * _N * 2], 1024]
        y: cute.struct.Align[cute.struct.MemRange[cutlass.Float16, _N * _N], 1024]

    tidx, _, _ = cute.arch.thread_idx()
    storage = SmemAllocator().allocate(SharedStorage)
    ring = storage.x.get_tensor(cute.make_layout((_N, _N, 2), stride=(_N, 1, _N * _N)))
    loaded = storage.x.get_tensor(cute.make_layout(((_N, 16), 1, 4, 2), stride=((_N, 1), 0, 16, _N * _N)))
    other = storage.y.get_tensor(cute.make_layout((_N, _N), stride=(_N, 1)))
    for t in cutlass.range_constexpr(4):
        cute.autovec_copy(cute.local_tile(X, (_N, 16), (0, t)), loaded[None, 0, t, 0])
    cute.autovec_copy(cute.local_tile(Y, (_N, _N), (0, 0)), other)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    pa = thr.partition_A(ring[None, None, 0])
    pb = thr.partition_B(other)
    fa = thr.make_fragment_A(pa)
    fb = thr.make_fragment_B(pb)
    cute.autovec_copy(pa, fa)
    cute.autovec_copy(pb, fb)
    acc = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    acc.fill(0.0)
    cute.gemm(tiled_mma, acc, fa, fb, acc)
    cute.printf("{}", acc[0])


@cute.jit
def two_layouts_host(X: cute.Tensor, Y: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    two_layouts_kernel(tiled_mma, X, Y).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_two_layouts():
    def fake():
        return make_fake_compact_tensor(cutlass.Float16, (_N, _N), stride_order=(1, 0), assumed_align=16)
    return cute.compile(two_layouts_host, fake(), fake())
