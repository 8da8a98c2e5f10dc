"""A compile-only attention backward step for Hopper (sm_90a) whose MMA loop is traced once per warpgroup.

Each warpgroup runs its own copy of the loop (the warpgroup index a compile-time constant, as kernels do to keep
barrier ids immediate), with fragments of its own over shared SMEM buffers:

    S^T = K Q^T     (M = keys, N = queries, K = head dim; K and Q from SMEM)
    dV += P^T dO    (M = keys, N = head dim, K = queries; P^T, S^T's registers in bf16, a register A operand)

P^T times dP^T is written into dP^T's registers through (rows, columns) views a helper makes, element by element in
a dynamic loop. dK's partial is staged in SMEM through a view laid by hand over its registers, for a reduce-add
the trace sees no copy of (issued on the buffer's bare address).
"""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.hopper_helpers as sm90
from cutlass.cute.nvgpu import warpgroup
from cutlass.cute.nvgpu.common import OperandMajorMode

from state_readers import as_operand

KEYS, QUERIES, DIM = 64, 64, 64
BF16, F32 = cutlass.BFloat16, cutlass.Float32
SCORES, GRADIENTS = (KEYS, QUERIES, DIM), (KEYS, DIM, QUERIES)  # (M, N, K) of S^T and dP^T, of dV and dK


def _mma(b_major, tiler_mn, a_source=warpgroup.OperandSource.SMEM):
    return sm90.make_trivial_tiled_mma(BF16, BF16, OperandMajorMode.K, b_major, F32, (1, 1, 1), tiler_mn=tiler_mn,
                                       a_source=a_source)


def _buffer(smem, make_layout, major, tile_mnk):
    layout = cute.slice_(make_layout(major, tile_mnk, BF16, 1), (None, None, 0))
    return smem.allocate_tensor(BF16, layout.outer, byte_alignment=1024, swizzle=layout.inner)


def _transposed(buffer):
    return cute.composition(buffer, cute.make_ordered_layout((buffer.shape[1], buffer.shape[0]), order=(1, 0)))


@cute.jit
def rows_cols(acc: cute.Tensor):
    """A wgmma accumulator's registers as (rows, columns): the row pair and rests, the column pairs and groups."""
    return cute.make_tensor(acc.iterator, cute.make_layout(((2, 1), (2, 8, 1)), stride=((2, 0), (1, 4, 0))))


@cute.jit
def step(mma_s: cute.TiledMma, mma_v: cute.TiledMma, mma_k: cute.TiledMma, xk: cute.Tensor, xq: cute.Tensor,
         xv: cute.Tensor, xo: cute.Tensor, xot: cute.Tensor, xqt: cute.Tensor, staged: cute.Tensor,
         out: cute.Tensor, group: cutlass.Constexpr[int]):
    """One warpgroup's copy of the loop body."""
    tidx = cute.arch.thread_idx()[0] - 128 * group
    thr_s, thr_v, thr_k = mma_s.get_slice(tidx), mma_v.get_slice(tidx), mma_k.get_slice(tidx)
    fk, fq = mma_s.make_fragment_A(thr_s.partition_A(xk)), mma_s.make_fragment_B(thr_s.partition_B(xq))
    fv, fo = mma_s.make_fragment_A(thr_s.partition_A(xv)), mma_s.make_fragment_B(thr_s.partition_B(xo))
    fot, fqt = mma_v.make_fragment_B(thr_v.partition_B(xot)), mma_k.make_fragment_B(thr_k.partition_B(xqt))
    acc_v = cute.make_rmem_tensor(thr_v.partition_C(cute.make_identity_tensor(GRADIENTS[:2])).shape, F32)
    acc_k = cute.make_rmem_tensor(thr_k.partition_C(cute.make_identity_tensor(GRADIENTS[:2])).shape, F32)
    acc_v.fill(0.0)
    acc_k.fill(0.0)
    acc_s = cute.make_rmem_tensor(thr_s.partition_C(cute.make_identity_tensor(SCORES[:2])).shape, F32)
    acc_p = cute.make_rmem_tensor(acc_s.shape, F32)
    acc_s.fill(0.0)
    acc_p.fill(0.0)
    for kb in cutlass.range_constexpr(cute.size(fk, mode=[2])):
        cute.gemm(mma_s, acc_s, fk[None, None, kb], fq[None, None, kb], acc_s)
        cute.gemm(mma_s, acc_p, fv[None, None, kb], fo[None, None, kb], acc_p)
    # dS^T = P^T dP^T element by element, a row at a time over the columns by a dynamic (unrolled) loop
    s_mn, p_mn = rows_cols(acc_s), rows_cols(acc_p)
    for r in cutlass.range_constexpr(cute.size(s_mn, mode=[0])):
        for c in cutlass.range(cute.size(s_mn, mode=[1]), unroll_full=True):
            p_mn[r, c] = s_mn[r, c] * p_mn[r, c]
    a_shape = mma_v.tv_layout_A.shape[1]
    for kb in cutlass.range_constexpr(cute.size(fot, mode=[2])):  # dV += P^T dO
        cute.gemm(mma_v, acc_v, as_operand(acc_s, a_shape)[None, None, kb], fot[None, None, kb], acc_v)
    for kb in cutlass.range_constexpr(cute.size(fqt, mode=[2])):  # dK += dS^T Q
        cute.gemm(mma_k, acc_k, as_operand(acc_p, a_shape)[None, None, kb], fqt[None, None, kb], acc_k)
    cute.autovec_copy(acc_v, thr_v.partition_C(out))
    # dK's partial staged in SMEM through a view laid by hand over its registers, for a reduce-add that takes the
    # buffer's bare address (no copy the trace sees)
    r2s = cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F32, num_bits_per_copy=128),
                                  cute.make_layout(128), cute.make_layout(4)).get_slice(tidx)
    t_stage = r2s.partition_D(staged)
    flat = cute.make_tensor(acc_k.iterator, cute.make_layout(t_stage.shape))
    cute.autovec_copy(flat, t_stage)


@cute.kernel
def copies_kernel(mma_s: cute.TiledMma, mma_v: cute.TiledMma, mma_k: cute.TiledMma, mk: cute.Tensor,
                  mq: cute.Tensor, mv: cute.Tensor, mo: cute.Tensor, mout: cute.Tensor):
    smem = utils.SmemAllocator()
    xk = _buffer(smem, sm90.make_smem_layout_a, utils.LayoutEnum.ROW_MAJOR, SCORES)
    xq = _buffer(smem, sm90.make_smem_layout_b, utils.LayoutEnum.ROW_MAJOR, SCORES)
    xv = _buffer(smem, sm90.make_smem_layout_a, utils.LayoutEnum.ROW_MAJOR, SCORES)
    xo = _buffer(smem, sm90.make_smem_layout_b, utils.LayoutEnum.ROW_MAJOR, SCORES)
    staged = smem.allocate_tensor(F32, cute.make_layout(KEYS * DIM // 2), 16)
    xot, xqt = _transposed(xo), _transposed(xq)  # dO^T and Q^T: the same buffers, (head dim, queries)
    for source, buffer in ((mk, xk), (mq, xq), (mv, xv), (mo, xo)):
        cute.autovec_copy(source, buffer)
    if cute.arch.make_warp_uniform(cute.arch.warp_idx()) < 4:
        step(mma_s, mma_v, mma_k, xk, xq, xv, xo, xot, xqt, staged, mout, 0)
    else:
        step(mma_s, mma_v, mma_k, xk, xq, xv, xo, xot, xqt, staged, mout, 1)


@cute.jit
def copies_host(mk: cute.Tensor, mq: cute.Tensor, mv: cute.Tensor, mo: cute.Tensor, mout: cute.Tensor):
    rmem = warpgroup.OperandSource.RMEM
    copies_kernel(_mma(OperandMajorMode.K, SCORES[:2]), _mma(OperandMajorMode.MN, GRADIENTS[:2], rmem),
                  _mma(OperandMajorMode.MN, GRADIENTS[:2], rmem), mk, mq, mv, mo, mout).launch(
        grid=(1, 1, 1), block=(256, 1, 1))


def compile_copies():
    from cutlass.cute.runtime import make_fake_compact_tensor

    def fake(dtype, shape):
        return make_fake_compact_tensor(dtype, shape, stride_order=(1, 0), assumed_align=16)

    return cute.compile(copies_host, fake(BF16, (KEYS, DIM)), fake(BF16, (QUERIES, DIM)), fake(BF16, (KEYS, DIM)),
                        fake(BF16, (QUERIES, DIM)), fake(F32, (KEYS, DIM)))
