"""A compile-only attention forward step for Hopper (sm_90a) whose author partitions its operands as the other slot.

    S = Q K^T   (wgmma SS, 64 x 64 x 64: rows the queries, columns the keys, over the head dim)
    O = P V     (wgmma RS, 64 x 64 x 64: P, S's registers in bf16, re-laid as the register A; V (head dim, keys))

K's buffer is partitioned by `partition_A` / `make_fragment_A` and Q's by `partition_B` / `make_fragment_B`, but the
gemm is issued with Q's fragment in the A slot and K's in B (the square tile fits either): the product computed has
the queries as its rows. Both accumulators have one register shape: S's is asked of the first MMA before O's of
the second, and each is made from its own shape object, O's first. O's registers are converted into registers made
from O's layout (`make_rmem_tensor(acc_o.layout)`) and written out.
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

TILE = 64
BF16, F32 = cutlass.BFloat16, cutlass.Float32


def _mma(b_major, a_source):
    return sm90.make_trivial_tiled_mma(BF16, BF16, OperandMajorMode.K, b_major, F32, (1, 1, 1),
                                       tiler_mn=(TILE, TILE), a_source=a_source)


def _buffer(smem, make_layout, major):
    layout = cute.slice_(make_layout(major, (TILE, TILE, TILE), BF16, 1), (None, None, 0))
    return smem.allocate_tensor(BF16, layout.outer, byte_alignment=1024, swizzle=layout.inner)


@cute.kernel
def swapped_kernel(mma_s: cute.TiledMma, mma_o: cute.TiledMma, xq: cute.Tensor, xk: cute.Tensor, xv: cute.Tensor,
                   xout: cute.Tensor):
    tidx = cute.arch.thread_idx()[0]
    smem = utils.SmemAllocator()
    bq = _buffer(smem, sm90.make_smem_layout_b, utils.LayoutEnum.ROW_MAJOR)
    bk = _buffer(smem, sm90.make_smem_layout_a, utils.LayoutEnum.ROW_MAJOR)
    bv = _buffer(smem, sm90.make_smem_layout_b, utils.LayoutEnum.COL_MAJOR)  # (head dim, keys), head dim contiguous
    for source, buffer in ((xq, bq), (xk, bk)):
        cute.autovec_copy(source, buffer)
    cute.autovec_copy(cute.composition(xv, cute.make_ordered_layout((TILE, TILE), order=(1, 0))), bv)
    thr_s, thr_o = mma_s.get_slice(tidx), mma_o.get_slice(tidx)
    part_k, part_q = thr_s.partition_A(bk), thr_s.partition_B(bq)
    frag_k, frag_q = mma_s.make_fragment_A(part_k), mma_s.make_fragment_B(part_q)
    frag_v = mma_o.make_fragment_B(thr_o.partition_B(bv))
    shape_s = thr_s.partition_shape_C((TILE, TILE))
    shape_o = thr_o.partition_shape_C((TILE, TILE))
    acc_o = cute.make_rmem_tensor(shape_o, F32)
    acc_s = cute.make_rmem_tensor(shape_s, F32)
    acc_o.fill(0.0)
    acc_s.fill(0.0)
    for kb in cutlass.range_constexpr(cute.size(frag_k, mode=[2])):
        # the author's habit this kernel stands for: each fragment given to the slot it was not made for
        cute.gemm(mma_s, acc_s, frag_q[None, None, kb], frag_k[None, None, kb], acc_s)  # noqa: CI111
    p = as_operand(acc_s, mma_o.tv_layout_A.shape[1])
    for kb in cutlass.range_constexpr(cute.size(frag_v, mode=[2])):
        cute.gemm(mma_o, acc_o, p[None, None, kb], frag_v[None, None, kb], acc_o)
    halves = cute.make_rmem_tensor(acc_o.layout, BF16)
    halves.store(acc_o.load().to(BF16))
    cute.autovec_copy(halves, thr_o.partition_C(xout))


@cute.jit
def swapped_host(xq: cute.Tensor, xk: cute.Tensor, xv: cute.Tensor, xout: cute.Tensor):
    swapped_kernel(_mma(OperandMajorMode.K, warpgroup.OperandSource.SMEM),
                   _mma(OperandMajorMode.MN, warpgroup.OperandSource.RMEM), xq, xk, xv, xout).launch(
        grid=(1, 1, 1), block=(128, 1, 1))


def compile_swapped():
    from cutlass.cute.runtime import make_fake_compact_tensor

    def fake(shape):
        return make_fake_compact_tensor(BF16, shape, stride_order=(1, 0), assumed_align=16)

    return cute.compile(swapped_host, fake((TILE, TILE)), fake((TILE, TILE)), fake((TILE, TILE)), fake((TILE, TILE)))
