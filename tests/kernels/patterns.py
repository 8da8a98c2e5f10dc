"""Small kernels reproducing what real kernels do to the tracer: helpers, chained calls, conditional and
comprehension assignments, branch-carried tensors, views, two MMAs (attention), unrolled helper calls.

Compiled for sm_80 with fake tensors (`cute-inspect trace tests/kernels/patterns.py:compile_names --arch sm_80`).
"""

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import pattern_helpers

TILE = (64, 32)


def _copy(threads=(16, 8), values=(4, 4)):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16)
    return cute.make_tiled_copy_tv(atom, cute.make_layout(threads, stride=(8, 1)), cute.make_layout(values))


@cute.kernel
def names_kernel(mA: cute.Tensor, mB: cute.Tensor, mC: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    thr_copy = _copy().get_slice(tidx)
    gA, gB = [cute.local_tile(m, TILE, (bidx, 0)) for m in (mA, mB)]
    gC = cute.local_tile(mC, TILE, (bidx, 0)) if cutlass.const_expr(True) else None
    tAgA, tAgB = pattern_helpers.partition_pair(thr_copy, gA, gB)
    tCgC = pattern_helpers.tile_then_partition(thr_copy, mC, TILE, (bidx, 0))
    values = thr_copy.partition_S(gC).load()
    tArA = cute.make_rmem_tensor_like(tAgA)
    tArA.store(values)
    tPgA = thr_copy.partition_S(gA)
    if tidx > 0:
        tPgA = thr_copy.partition_D(gA)
    cute.autovec_copy(tPgA, tArA)
    cute.autovec_copy(tArA, tCgC)


@cute.jit
def names_host(mA: cute.Tensor, mB: cute.Tensor, mC: cute.Tensor):
    names_kernel(mA, mB, mC).launch(grid=(4, 1, 1), block=(128, 1, 1))


def _fake(shape=(256, 32)):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_names():
    """Helpers, a comprehension, a conditional assignment, a chained call, a branch-carried partition."""
    return cute.compile(names_host, _fake(), _fake(), _fake())


def _mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))


def _acc_as_a(acc):
    """An SM80 accumulator ((2,2), MMA_M, MMA_N) viewed as the next MMA's A fragment ((2,2,2), MMA_M, MMA_N/2)."""
    div = cute.logical_divide(acc, ((None, None), None, 2))
    return cute.make_layout(((div.shape[0], div.shape[2][0]), div.shape[1], div.shape[2][1]),
                            stride=((div.stride[0], div.stride[2][0]), div.stride[1], div.stride[2][1]))


@cute.kernel
def attention_kernel(tiled_mma_qk: cute.TiledMma, tiled_mma_pv: cute.TiledMma, mQ_qd: cute.Tensor,
                     mK_kd: cute.Tensor, mV_dk: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gQ = cute.local_tile(mQ_qd, (64, 64), (bidx, 0))
    gK = cute.local_tile(mK_kd, (64, 64), (None, 0))
    gV = cute.local_tile(mV_dk, (64, 64), (0, None))
    thr_mma_qk = tiled_mma_qk.get_slice(tidx)
    thr_mma_pv = tiled_mma_pv.get_slice(tidx)
    tSgQ = thr_mma_qk.partition_A(gQ)
    tSgK = thr_mma_qk.partition_B(gK)
    tSrQ = tiled_mma_qk.make_fragment_A(tSgQ)
    tSrK = tiled_mma_qk.make_fragment_B(tSgK[None, None, None, 0])
    acc_S = cute.make_rmem_tensor(tiled_mma_qk.partition_shape_C((64, 64)), cutlass.Float32)
    cute.gemm(tiled_mma_qk, acc_S, tSrQ, tSrK, acc_S)
    rP = cute.make_rmem_tensor_like(acc_S, cutlass.Float16)  # the scores, converted: P enters the second MMA's A
    tOrP = cute.make_tensor(rP.iterator, _acc_as_a(rP.layout))
    tOgV = thr_mma_pv.partition_B(gV)
    tOrV = tiled_mma_pv.make_fragment_B(tOgV[None, None, None, 0])
    acc_O = cute.make_rmem_tensor(tiled_mma_pv.partition_shape_C((64, 64)), cutlass.Float32)
    cute.gemm(tiled_mma_pv, acc_O, tOrP, tOrV, acc_O)
    # views of traced tensors keep their modes' labels
    tOrP_i32 = cute.recast_tensor(tOrP, cutlass.Int32)
    acc_S_nz = cute.filter_zeros(acc_S)
    gQ_next = cute.domain_offset((1, 0), gQ)
    gQ_t = cute.make_tensor(gQ.iterator, cute.select(gQ.layout, mode=[1, 0]))
    tSrQ_copy = cute.make_fragment_like(tSrQ)
    cS = cute.make_identity_tensor((64, 64))
    for stage in cutlass.range_constexpr(2):  # unrolled: the helper's records repeat, once per pass
        pattern_helpers.mma_tile(thr_mma_qk, mQ_qd, (64, 64), (bidx, stage))


@cute.jit
def attention_host(mQ_qd: cute.Tensor, mK_kd: cute.Tensor, mV_dk: cute.Tensor):
    attention_kernel(_mma(), _mma(), mQ_qd, mK_kd, mV_dk).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_attention():
    """S = Q K^T and O = P V with two MMAs, views of their operands, an unrolled helper call."""
    return cute.compile(attention_host, _fake((256, 64)), _fake((256, 64)), _fake((64, 256)))


@cute.kernel
def binding_kernel(mA: cute.Tensor, mB: cute.Tensor, mC: cute.Tensor):
    bidx, _, _ = cute.arch.block_idx()
    row_a = mA[bidx, None]
    row_c = pattern_helpers.row_of(mC, bidx)
    cute.autovec_copy(row_a, row_c)
    cute.autovec_copy(mB[bidx, None], row_c)


@cute.jit
def binding_host(mA: cute.Tensor, mB: cute.Tensor, mC: cute.Tensor):
    mA, mB = [pattern_helpers.aligned(t) for t in (mA, mB)]
    binding_kernel(mA, mB, mC).launch(grid=(4, 1, 1), block=(1, 1, 1))


def compile_bindings():
    """Tensors a helper makes in a comprehension, parameters first sliced in a helper or through a package's
    own `__getitem__` (installed for this compile only)."""
    import cutlass.cute.tensor as cute_tensor

    original = cute_tensor._Tensor.__getitem__
    cute_tensor._Tensor.__getitem__ = pattern_helpers.subscription_shim(original)
    try:
        return cute.compile(binding_host, _fake(), _fake(), _fake())
    finally:
        cute_tensor._Tensor.__getitem__ = original
