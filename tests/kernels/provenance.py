"""Compile-only kernels whose names say nothing about their modes: the labels must come from the data flow."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

# The names are untyped on purpose (that is what the tests measure), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TILER = (64, 64, 32)


def _mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))


def _operand_fragment(tiled_mma, partition):
    frag = tiled_mma.make_fragment_A(partition)
    return frag


@cute.kernel
def assign_kernel(tiled_mma: cute.TiledMma, X: cute.Tensor, centroids: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gX = cute.local_tile(X, TILER, (bidx, 0, None), proj=(1, None, 1))
    gCent = cute.local_tile(centroids, TILER, (bidx, 0, None), proj=(None, 1, 1))
    gOut = cute.local_tile(out, TILER, (bidx, 0, None), proj=(1, 1, None))
    thr = tiled_mma.get_slice(tidx)
    tXgX = thr.partition_A(gX)
    C = thr.partition_B(gCent)  # named C, enters B's slot
    frag = _operand_fragment(tiled_mma, tXgX[None, None, None, 0])
    fragB = tiled_mma.make_fragment_B(C[None, None, None, 0])
    acc = tiled_mma.make_fragment_C(thr.partition_C(gOut))
    cute.gemm(tiled_mma, acc, frag, fragB, acc)
    like = cute.make_fragment_like(acc)
    coords = cute.make_identity_tensor((256, 256))
    tile_coords = cute.local_tile(coords, TILER, (bidx, 0, None), proj=(1, 1, None))
    subtiles = cute.flat_divide(tile_coords, (32, 32))
    out_t = cute.make_tensor(gOut.iterator, cute.select(gOut.layout, mode=[1, 0]))
    smem = cutlass.utils.SmemAllocator()
    counts = smem.allocate_tensor(cutlass.Int32, cute.make_layout(8))
    counts[tidx % 8] = cutlass.Int32(0)


@cute.jit
def assign_host(X: cute.Tensor, centroids: cute.Tensor, out: cute.Tensor):
    assign_kernel(_mma(), X, centroids, out).launch(grid=(4, 1, 1), block=(128, 1, 1))


def _fake(shape):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_assign():
    """k-means-like: X (M, K) against centroids (N, K), nothing named with axis letters."""
    return cute.compile(assign_host, _fake((256, 128)), _fake((256, 128)), _fake((256, 256)))


@cute.kernel
def backward_kernel(mma_s: cute.TiledMma, mma_dv: cute.TiledMma, mma_dk: cute.TiledMma, Q: cute.Tensor,
                    Kt: cute.Tensor, dO: cute.Tensor, scratch: cute.Tensor):
    """dV = P^T dO and dK = dS^T Q (P standing in for dS): the scores' accumulator, written out, read back
    transposed as the A operand of two more MMAs, whose rows are the keys."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gQ = cute.local_tile(Q, (64, 64), (bidx, 0))
    gK = cute.local_tile(Kt, (64, 64), (0, 0))
    gdO = cute.local_tile(dO, (64, 64), (bidx, 0))
    gP = cute.local_tile(scratch, (64, 64), (bidx, 0))
    thr_s = mma_s.get_slice(tidx)
    thr_dv = mma_dv.get_slice(tidx)
    first = mma_s.make_fragment_A(thr_s.partition_A(gQ))
    second = mma_s.make_fragment_B(thr_s.partition_B(gK))
    scores = mma_s.make_fragment_C(thr_s.partition_C(gP))
    cute.gemm(mma_s, scores, first, second, scores)
    written = thr_s.partition_C(gP)
    probs = cute.make_rmem_tensor_like(scores, cutlass.Float16)
    probs.store(scores.load().to(cutlass.Float16))
    cute.copy(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16), probs, written)
    gPt = cute.make_tensor(gP.iterator, cute.select(gP.layout, mode=[1, 0]))
    gdOt = cute.make_tensor(gdO.iterator, cute.select(gdO.layout, mode=[1, 0]))
    lhs = mma_dv.make_fragment_A(thr_dv.partition_A(gPt))
    rhs = mma_dv.make_fragment_B(thr_dv.partition_B(gdOt))
    grad = cute.make_rmem_tensor(mma_dv.partition_shape_C((64, 64)), cutlass.Float32)
    cute.gemm(mma_dv, grad, lhs, rhs, grad)
    thr_dk = mma_dk.get_slice(tidx)
    gQt = cute.make_tensor(gQ.iterator, cute.select(gQ.layout, mode=[1, 0]))
    lhs_k = mma_dk.make_fragment_A(thr_dk.partition_A(gPt))
    rhs_k = mma_dk.make_fragment_B(thr_dk.partition_B(gQt))
    grad_k = cute.make_rmem_tensor(mma_dk.partition_shape_C((64, 64)), cutlass.Float32)
    cute.gemm(mma_dk, grad_k, lhs_k, rhs_k, grad_k)


@cute.jit
def backward_host(Q: cute.Tensor, Kt: cute.Tensor, dO: cute.Tensor, scratch: cute.Tensor):
    backward_kernel(_mma(), _mma(), _mma(), Q, Kt, dO, scratch).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_backward():
    """Attention's dV = P^T dO, with no attention letter in any name."""
    return cute.compile(backward_host, _fake((256, 64)), _fake((64, 64)), _fake((256, 64)), _fake((256, 64)))


@cute.kernel
def gemm_kernel(tiled_mma: cute.TiledMma, P: cute.Tensor, K: cute.Tensor, S: cute.Tensor):
    """A plain GEMM whose tensors carry attention letters."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gP = cute.local_tile(P, TILER, (bidx, 0, None), proj=(1, None, 1))
    gK = cute.local_tile(K, TILER, (bidx, 0, None), proj=(None, 1, 1))
    gS = cute.local_tile(S, TILER, (bidx, 0, None), proj=(1, 1, None))
    thr = tiled_mma.get_slice(tidx)
    tSrP = tiled_mma.make_fragment_A(thr.partition_A(gP)[None, None, None, 0])
    tSrK = tiled_mma.make_fragment_B(thr.partition_B(gK)[None, None, None, 0])
    tSrS = tiled_mma.make_fragment_C(thr.partition_C(gS))
    cute.gemm(tiled_mma, tSrS, tSrP, tSrK, tSrS)


@cute.jit
def gemm_host(P: cute.Tensor, K: cute.Tensor, S: cute.Tensor):
    gemm_kernel(_mma(), P, K, S).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_gemm():
    return cute.compile(gemm_host, _fake((256, 128)), _fake((256, 128)), _fake((256, 256)))


@cute.kernel
def storage_kernel(mma_s: cute.TiledMma, mma_o: cute.TiledMma, Q: cute.Tensor, K: cute.Tensor):
    """Tensors laid over other tensors' storage: an A operand over the scores' registers that no `cute.gemm`
    reads (P over S, issued by PTX), a B buffer over an A buffer's SMEM whose leaves cross A's two axes, a view
    that appends stages; attention inputs of four modes (sequence, head dim, heads, batch)."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gQ = cute.local_tile(Q[None, None, 0, bidx], (64, 64), (bidx, 0))
    gK = cute.local_tile(K[None, None, 0, bidx], (64, 64), (0, 0))
    thr_s = mma_s.get_slice(tidx)
    thr_o = mma_o.get_slice(tidx)
    first = mma_s.make_fragment_A(thr_s.partition_A(gQ))
    second = mma_s.make_fragment_B(thr_s.partition_B(gK))
    scores = cute.make_rmem_tensor(mma_s.partition_shape_C((64, 64)), cutlass.Float32)
    cute.gemm(mma_s, scores, first, second, scores)
    probs = cute.make_tensor(scores.iterator, cute.make_layout((64, 32), stride=(32, 1)))
    weights = thr_o.partition_A(probs)
    smem = cutlass.utils.SmemAllocator()
    sA = smem.allocate_tensor(cutlass.Float16, cute.make_layout((64, 32), stride=(32, 1)), 16)
    sB = cute.make_tensor(sA.iterator, cute.make_layout((128, 16), stride=(1, 128)))
    sA_staged = cute.make_tensor(sA.iterator, cute.append(sA.layout, cute.make_layout(2, stride=2048)))
    thr_a = thr_s.partition_A(sA)
    thr_b = thr_s.partition_B(sB)


@cute.jit
def storage_host(Q: cute.Tensor, K: cute.Tensor):
    storage_kernel(_mma(), _mma(), Q, K).launch(grid=(2, 1, 1), block=(128, 1, 1))


def compile_storage():
    """Attention with P laid over S's registers; Q and K are (sequence, head dim, heads, batch), batch outermost
    in memory, K's heads and batch swapped in mode order."""
    def fake(shape, order):
        return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=order, assumed_align=16)
    return cute.compile(storage_host, fake((128, 64, 2, 2), (1, 0, 2, 3)), fake((128, 64, 2, 2), (1, 0, 3, 2)))


@cute.kernel
def retile_kernel(tiled_mma: cute.TiledMma, tiled_copy: cute.TiledCopy, X: cute.Tensor, Y: cute.Tensor,
                  Z: cute.Tensor):
    """A register fragment retiled for a 128-bit copy along the columns of X's tile (X enters the A slot)."""
    tidx, _, _ = cute.arch.thread_idx()
    gX = cute.local_tile(X, TILER, (0, 0, None), proj=(1, None, 1))
    gY = cute.local_tile(Y, TILER, (0, 0, None), proj=(None, 1, 1))
    gZ = cute.local_tile(Z, TILER, (0, 0, None), proj=(1, 1, None))
    thr = tiled_mma.get_slice(tidx)
    first = tiled_mma.make_fragment_A(thr.partition_A(gX)[None, None, None, 0])
    second = tiled_mma.make_fragment_B(thr.partition_B(gY)[None, None, None, 0])
    acc = tiled_mma.make_fragment_C(thr.partition_C(gZ))
    cute.gemm(tiled_mma, acc, first, second, acc)
    thr_copy = tiled_copy.get_slice(tidx)
    loaded = thr_copy.partition_D(gX[None, None, 0])
    regs = cute.make_rmem_tensor(loaded.shape, cutlass.Float16)
    retiled = thr_copy.retile(regs)


@cute.jit
def retile_host(X: cute.Tensor, Y: cute.Tensor, Z: cute.Tensor):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    tiled_copy = cute.make_tiled_copy_tv(atom, cute.make_layout((16, 8), stride=(8, 1)), cute.make_layout((1, 8)))
    retile_kernel(_mma(), tiled_copy, X, Y, Z).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_retile():
    return cute.compile(retile_host, _fake((64, 64)), _fake((64, 64)), _fake((64, 64)))


@cute.kernel
def cols_rows_kernel(tiled_mma: cute.TiledMma, X: cute.Tensor, Y: cute.Tensor, Z: cute.Tensor):
    """The accumulator's coordinates regrouped as (columns, rows), each with its size-1 MMA rest nested."""
    tidx, _, _ = cute.arch.thread_idx()
    tiler = (64, 8, 32)
    gX = cute.local_tile(X, tiler, (0, 0, None), proj=(1, None, 1))
    gY = cute.local_tile(Y, tiler, (0, 0, None), proj=(None, 1, 1))
    gZ = cute.local_tile(Z, tiler, (0, 0, None), proj=(1, 1, None))
    thr = tiled_mma.get_slice(tidx)
    first = tiled_mma.make_fragment_A(thr.partition_A(gX)[None, None, None, 0])
    second = tiled_mma.make_fragment_B(thr.partition_B(gY)[None, None, None, 0])
    acc = tiled_mma.make_fragment_C(thr.partition_C(gZ))
    cute.gemm(tiled_mma, acc, first, second, acc)
    coords = thr.partition_C(cute.make_identity_tensor((64, 8)))
    mode = coords.layout
    cols_rows = cute.make_tensor(coords.iterator, cute.make_layout(
        ((mode.shape[0][0], mode.shape[2]), (mode.shape[0][1], mode.shape[1])),
        stride=((mode.stride[0][0], mode.stride[2]), (mode.stride[0][1], mode.stride[1]))))


@cute.jit
def cols_rows_host(X: cute.Tensor, Y: cute.Tensor, Z: cute.Tensor):
    cols_rows_kernel(_mma(), X, Y, Z).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_cols_rows():
    return cute.compile(cols_rows_host, _fake((64, 64)), _fake((8, 64)), _fake((64, 8)))


@cute.kernel
def launched_kernel(tiled_mma: cute.TiledMma, first: cute.Tensor, second: cute.Tensor, third: cute.Tensor):
    """Parameters of one type whose names are none of the host's: only their positions at the launch say which
    host view each one is."""
    tidx, _, _ = cute.arch.thread_idx()
    gA = cute.local_tile(first, TILER, (0, 0, None), proj=(1, None, 1))
    gB = cute.local_tile(second, TILER, (0, 0, None), proj=(None, 1, 1))
    gC = cute.local_tile(third, TILER, (0, 0, None), proj=(1, 1, None))
    thr = tiled_mma.get_slice(tidx)
    tCrA = tiled_mma.make_fragment_A(thr.partition_A(gA)[None, None, None, 0])
    tCrB = tiled_mma.make_fragment_B(thr.partition_B(gB)[None, None, None, 0])
    tCrC = tiled_mma.make_fragment_C(thr.partition_C(gC))
    cute.gemm(tiled_mma, tCrC, tCrA, tCrB, tCrC)


@cute.jit
def launched_host(X: cute.Tensor, Y: cute.Tensor, Z: cute.Tensor):
    # transposed host views, all of one type: (64, 64) column-major
    rows = cute.make_tensor(X.iterator, cute.select(X.layout, mode=[1, 0]))
    cols = cute.make_tensor(Y.iterator, cute.select(Y.layout, mode=[1, 0]))
    out = cute.make_tensor(Z.iterator, cute.select(Z.layout, mode=[1, 0]))
    launched_kernel(_mma(), cols, third=out, second=rows).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_launched():
    return cute.compile(launched_host, _fake((64, 64)), _fake((64, 64)), _fake((64, 64)))


def _compact(tensor):
    kept = cute.filter_zeros(tensor)
    return kept


@cute.kernel
def carried_kernel(X: cute.Tensor):
    """Two SMEM buffers of one type that a dynamic branch hands on, each then given to a helper under its
    parameter's name: which one the helper got only the caller's names say."""
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    first = smem.allocate_tensor(cutlass.Float16, cute.make_layout((64, 32)), byte_alignment=128)
    second = smem.allocate_tensor(cutlass.Float16, cute.make_layout((64, 32)), byte_alignment=128)
    if bidx > 0:
        first = cute.make_tensor(first.iterator, first.layout)
        second = cute.make_tensor(second.iterator, second.layout)
    kept_first = _compact(first)
    kept_second = _compact(second)
    kept_first[0] = kept_second[0]


@cute.jit
def carried_host(X: cute.Tensor):
    carried_kernel(X).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_carried():
    return cute.compile(carried_host, _fake((64, 64)))
