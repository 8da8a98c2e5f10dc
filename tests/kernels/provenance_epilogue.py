"""Compile-only kernels for the data flow of epilogues and of host views shared by two kernels, named so that no
name says a mode's axis or level: the labels must come from the calls that made the tensors."""

# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass import pipeline
from cutlass.cute.runtime import make_fake_compact_tensor

TILER = (64, 64, 32)
PITCH = 72  # a padded SMEM row, as a bulk copy of rows wants


def _mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))


@cute.kernel
def staged_kernel(tiled_mma: cute.TiledMma, tiled_copy: cute.TiledCopy, X: cute.Tensor, W: cute.Tensor,
                  tiles: cute.Int32):
    """The accumulator made from a coordinate partition's shape, retiled by a copy built from the MMA's C layout,
    scaled per row from an SMEM table that a pipeline fills per tile, and written, subtile by subtile, into a
    padded SMEM buffer (fused-finalize MoE's epilogue)."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gX = cute.local_tile(X, TILER, (bidx, 0, None), proj=(1, None, 1))
    gW = cute.local_tile(W, TILER, (0, 0, None), proj=(None, 1, 1))
    thr = tiled_mma.get_slice(tidx)
    first = tiled_mma.make_fragment_A(thr.partition_A(gX)[None, None, None, 0])
    second = tiled_mma.make_fragment_B(thr.partition_B(gW)[None, None, None, 0])
    grid = cute.make_identity_tensor((64, 64, 1))
    tgrid = thr.partition_C(grid)
    held = cute.make_rmem_tensor(tgrid.shape[:3], cutlass.Float32)
    cute.gemm(tiled_mma, held, first, second, held)

    smem = cutlass.utils.SmemAllocator()
    buf = smem.allocate_tensor(cutlass.Float16, cute.make_layout((64, 64, 1), stride=(PITCH, 1, 64 * PITCH)))
    table = smem.allocate_tensor(cutlass.Float32, cute.make_layout((64, 2), stride=(1, 64)))
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, 2)
    thr_copy = tiled_copy.get_slice(tidx)
    view = tiled_copy.retile(held)
    pos = cute.make_identity_tensor((32, 32))
    tpos = thr_copy.partition_D(pos)
    out = cute.make_rmem_tensor(tpos.shape, cutlass.Float16)
    flat = buf[(None, None, 0)]
    for t in cutlass.range(tiles, unroll=1):  # a dynamic loop hands the copy in as a new value
        for i in cutlass.range_constexpr(2):
            for j in cutlass.range_constexpr(2):
                for v in cutlass.range_constexpr(cute.size(out)):
                    row = i * 32 + tpos[v][0]  # a row coordinate of the subtile, offset to the tile's
                    out[v] = cutlass.Float16(view[(i * 2 + j) * cute.size(out) + v] * table[(row, state.index)])
                part = cute.local_tile(flat, (32, 32), (i, j))
                tpart = thr_copy.partition_D(part)
                cute.copy(tiled_copy, out, tpart)
        state.advance()


@cute.jit
def staged_host(X: cute.Tensor, W: cute.Tensor):
    tiled_mma = _mma()
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16)
    tiled_copy = cute.make_tiled_copy_C(atom, tiled_mma)
    staged_kernel(tiled_mma, tiled_copy, X, W, cutlass.Int32(2)).launch(grid=(1, 1, 1), block=(128, 1, 1))


def _fake(dtype, shape, order):
    return make_fake_compact_tensor(dtype, shape, stride_order=order, assumed_align=16)


def compile_staged():
    return cute.compile(staged_host, _fake(cutlass.Float16, (64, 128), (1, 0)),
                        _fake(cutlass.Float16, (64, 128), (1, 0)))


@cute.kernel
def product_kernel(tiled_mma: cute.TiledMma, X: cute.Tensor, W: cute.Tensor, Z: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    gX = cute.local_tile(X, TILER, (0, 0, None), proj=(1, None, 1))
    gW = cute.local_tile(W, TILER, (0, 0, None), proj=(None, 1, 1))
    gZ = cute.local_tile(Z, TILER, (0, 0, None), proj=(1, 1, None))
    thr = tiled_mma.get_slice(tidx)
    first = tiled_mma.make_fragment_A(thr.partition_A(gX)[None, None, None, 0])
    second = tiled_mma.make_fragment_B(thr.partition_B(gW)[None, None, None, 0])
    acc = tiled_mma.make_fragment_C(thr.partition_C(gZ))
    cute.gemm(tiled_mma, acc, first, second, acc)


@cute.kernel
def columns_kernel(tiled_copy: cute.TiledCopy, Xt: cute.Tensor, Xr: cute.Tensor):
    """A kernel of its own over other host views of X (columns first; runs of a quarter row): one 64-column tile,
    each thread two one-element copies along it."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    col = cute.local_tile(Xt, (64,), (0, bidx))
    tcol = tiled_copy.get_slice(tidx).partition_S(col)
    run = cute.local_tile(Xr, (32,), (0, bidx))


@cute.jit
def views_host(X: cute.Tensor, W: cute.Tensor, Z: cute.Tensor):
    Xa = cute.make_tensor(X.iterator, X.layout)
    Xt = cute.make_tensor(X.iterator, cute.select(X.layout, mode=[1, 0]))
    # 32 contiguous elements (a quarter row), then 256 such runs across the rows: a mode that crosses X's two modes
    Xr = cute.make_tensor(X.iterator, cute.make_layout((32, 256), stride=(1, 32)))
    product_kernel(_mma(), Xa, W, Z).launch(grid=(1, 1, 1), block=(128, 1, 1))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16)
    tiled_copy = cute.make_tiled_copy(atom, cute.make_ordered_layout((32, 2), order=(1, 0)), (64,))
    columns_kernel(tiled_copy, Xt, Xr).launch(grid=(64, 1, 1), block=(32, 1, 1))


def compile_views():
    """X (rows, columns) as the A operand of one kernel, and transposed for another that copies its columns (W laid
    out otherwise: a kernel parameter no launch argument names is the one host tensor of its type)."""
    f16 = cutlass.Float16
    return cute.compile(views_host, _fake(f16, (64, 128), (1, 0)), _fake(f16, (64, 128), (0, 1)),
                        _fake(f16, (64, 64), (1, 0)))


@cute.kernel
def packed_kernel(mma_s: cute.TiledMma, mma_o: cute.TiledMma, Q: cute.Tensor, K: cute.Tensor):
    """Attention over a grouped-query view of Q, ((heads of a group, queries), head dim, (kv heads, batch)): the
    scores' registers re-laid as the second MMA's A operand make the axes attention's."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gQ = cute.local_tile(Q[None, None, (0, bidx)], (64, 64), (0, 0))
    gK = cute.local_tile(K[None, None, 0, bidx], (64, 64), (0, 0))
    thr_s = mma_s.get_slice(tidx)
    thr_o = mma_o.get_slice(tidx)
    first = mma_s.make_fragment_A(thr_s.partition_A(gQ))
    second = mma_s.make_fragment_B(thr_s.partition_B(gK))
    scores = cute.make_rmem_tensor(mma_s.partition_shape_C((64, 64)), cutlass.Float32)
    cute.gemm(mma_s, scores, first, second, scores)
    probs = cute.make_tensor(scores.iterator, cute.make_layout((64, 32), stride=(32, 1)))
    weights = thr_o.partition_A(probs)


@cute.jit
def packed_host(Q: cute.Tensor, K: cute.Tensor):
    # Q is (batch 2, queries 16, heads 8, head dim 64); heads are 2 kv heads of 4: pack the 4 with the queries
    packed = cute.make_tensor(Q.iterator, cute.make_layout(
        (2, (4, 16), 2, 64), stride=(16 * 8 * 64, (64, 8 * 64), 4 * 64, 1)))
    grouped = cute.make_tensor(Q.iterator, cute.group_modes(cute.select(packed.layout, mode=[1, 3, 2, 0]), 2, 4))
    packed_kernel(_mma(), _mma(), grouped, K).launch(grid=(2, 1, 1), block=(128, 1, 1))


def compile_packed():
    f16 = cutlass.Float16
    return cute.compile(packed_host, _fake(f16, (2, 16, 8, 64), (3, 2, 1, 0)), _fake(f16, (64, 64, 2, 2), (1, 0, 2, 3)))


@cute.kernel
def routing_kernel(tiled_mma: cute.TiledMma, X: cute.Tensor, W: cute.Tensor, per_tile: cute.Tensor,
                   tiles: cute.Int32):
    """A per-tile table read at the tile index that also selects X's tile (an MoE's tile -> expert map)."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gX = cute.local_tile(X, TILER, (None, 0, None), proj=(1, None, 1))
    gW = cute.local_tile(W, TILER, (0, 0, None), proj=(None, 1, 1))
    thr = tiled_mma.get_slice(tidx)
    tXgX = thr.partition_A(gX)
    second = tiled_mma.make_fragment_B(thr.partition_B(gW)[None, None, None, 0])
    acc = cute.make_rmem_tensor(tiled_mma.partition_shape_C((64, 64)), cutlass.Float32)
    for tile in cutlass.range(bidx, tiles, 4, unroll=1):
        if per_tile[tile] >= 0:
            first = tiled_mma.make_fragment_A(tXgX[None, None, None, tile, 0])
            cute.gemm(tiled_mma, acc, first, second, acc)


@cute.jit
def routing_host(X: cute.Tensor, W: cute.Tensor, per_tile: cute.Tensor):
    table = cute.make_tensor(per_tile.iterator, per_tile.layout)
    routing_kernel(_mma(), X, W, table, cutlass.Int32(4)).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_routing():
    f16 = cutlass.Float16
    return cute.compile(routing_host, _fake(f16, (256, 128), (1, 0)), _fake(f16, (64, 128), (0, 1)),
                        _fake(cutlass.Int32, (4,), (0,)))
