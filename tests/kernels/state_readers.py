"""A compile-only chunked delta rule with a transposed state in registers (sm_90a): two readers of one state.

The state St (value dim x key dim) is a wgmma accumulator kept in registers across chunks, re-laid as a register
A operand (a bf16 copy through a helper) for the products that read it. Per chunk of 16 tokens:

    R  = St W^T      (M = value dim, N = the chunk's key tokens, K = key dim)
    O  = St Q^T      (M = value dim, N = the chunk's queries, K = key dim: the same TiledMma and A as R)
    O += R Z^T       (M = value dim, N = queries, K = key tokens: R read as A, Z (queries x key tokens) as B)
    St += R G        (M = value dim, N = key dim, K = key tokens: the state's update)

R and O read one A (the state) but are two products: R feeds O's accumulator and the state's update, so its
columns are the key tokens the update contracts, while O's are the queries. A first kernel of the same compile
runs one wgmma into a register accumulator of R's type, under the name the re-laying helper calls its
parameter: it holds none of the second kernel's values.
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.hopper_helpers as sm90
from cutlass.cute.nvgpu import warpgroup
from cutlass.cute.nvgpu.common import OperandMajorMode

VD, KD, BT = 64, 64, 16  # value dim (the state's rows), key dim, chunk tokens
BF16, F32 = cutlass.BFloat16, cutlass.Float32


def _mma(b_major, tiler_mn, a_source=warpgroup.OperandSource.RMEM):
    return sm90.make_trivial_tiled_mma(BF16, BF16, OperandMajorMode.K, b_major, F32, (1, 1, 1), tiler_mn=tiler_mn,
                                       a_source=a_source)


def _operand_layout(acc, a):
    """An accumulator's registers laid out as an A operand of `a`'s shape (two k-blocks per accumulator atom)."""
    return cute.make_layout(
        (a, acc.shape[1], (acc.shape[2], cute.size(acc, mode=[0]) // cute.size(a))),
        stride=(acc.stride[0], acc.stride[1], (acc.stride[2], cute.size(a, mode=[2]) * acc.stride[0][2])))


def _buffer(smem, make_layout, major, tile_mnk):
    """A one-stage swizzled SMEM operand buffer of the layout `make_layout` gives the tile."""
    layout = cute.slice_(make_layout(major, tile_mnk, BF16, 1), (None, None, 0))
    return smem.allocate_tensor(BF16, layout.outer, byte_alignment=1024, swizzle=layout.inner)


@cute.jit
def as_operand(acc, a_shape):
    """acc's values in bf16, as a register A operand."""
    operand = cute.make_rmem_tensor_like(_operand_layout(acc.layout, a_shape), BF16)
    view = cute.make_tensor(operand.iterator, acc.layout)
    view.store(acc.load().to(BF16))
    return operand


@cute.kernel
def gate_kernel(mma_g: cute.TiledMma, mx: cute.Tensor, my: cute.Tensor, mout: cute.Tensor):
    tidx = cute.arch.thread_idx()[0]
    smem = utils.SmemAllocator()
    sx = _buffer(smem, sm90.make_smem_layout_a, utils.LayoutEnum.ROW_MAJOR, (VD, BT, KD))
    sy = _buffer(smem, sm90.make_smem_layout_b, utils.LayoutEnum.ROW_MAJOR, (VD, BT, KD))
    cute.autovec_copy(mx, sx)
    cute.autovec_copy(my, sy)
    thr = mma_g.get_slice(tidx)
    fx = mma_g.make_fragment_A(thr.partition_A(sx))
    fy = mma_g.make_fragment_B(thr.partition_B(sy))
    acc = cute.make_rmem_tensor(thr.partition_C(cute.make_identity_tensor((VD, BT))).shape, F32)
    acc.fill(0.0)
    for kb in cutlass.range_constexpr(cute.size(fx, mode=[2])):
        cute.gemm(mma_g, acc, fx[None, None, kb], fy[None, None, kb], acc)
    cute.autovec_copy(acc, thr.partition_C(mout))


@cute.kernel
def scan_kernel(mma_s: cute.TiledMma, mma_n: cute.TiledMma, mw: cute.Tensor, mq: cute.Tensor, mz: cute.Tensor,
                mg: cute.Tensor, mo: cute.Tensor, chunks: cutlass.Int32):
    tidx = cute.arch.thread_idx()[0]
    smem = utils.SmemAllocator()
    b_buffer = sm90.make_smem_layout_b
    sw = _buffer(smem, b_buffer, utils.LayoutEnum.ROW_MAJOR, (VD, BT, KD))
    sq = _buffer(smem, b_buffer, utils.LayoutEnum.ROW_MAJOR, (VD, BT, KD))
    sz = _buffer(smem, b_buffer, utils.LayoutEnum.ROW_MAJOR, (VD, BT, BT))
    sg = _buffer(smem, b_buffer, utils.LayoutEnum.COL_MAJOR, (VD, KD, BT))
    thr_s, thr_n = mma_s.get_slice(tidx), mma_n.get_slice(tidx)
    acc_s = cute.make_rmem_tensor(thr_s.partition_C(cute.make_identity_tensor((VD, KD))).shape, F32)
    acc_r = cute.make_rmem_tensor(thr_n.partition_C(cute.make_identity_tensor((VD, BT))).shape, F32)
    acc_o = cute.make_rmem_tensor(thr_n.partition_C(cute.make_identity_tensor((VD, BT))).shape, F32)
    acc_s.fill(0.0)
    a_shape = mma_n.tv_layout_A.shape[1]
    for c in cutlass.range(chunks, unroll=1):
        cute.autovec_copy(mw[None, None, c], sw)
        cute.autovec_copy(mq[None, None, c], sq)
        cute.autovec_copy(mz[None, None, c], sz)
        cute.autovec_copy(mg[None, None, c], sg)
        fw = mma_n.make_fragment_B(thr_n.partition_B(sw))
        fq = mma_n.make_fragment_B(thr_n.partition_B(sq))
        st = as_operand(acc_s, a_shape)
        acc_r.fill(0.0)
        acc_o.fill(0.0)
        for kb in cutlass.range_constexpr(cute.size(fw, mode=[2])):
            cute.gemm(mma_n, acc_r, st[None, None, kb], fw[None, None, kb], acc_r)
        for kb in cutlass.range_constexpr(cute.size(fq, mode=[2])):
            cute.gemm(mma_n, acc_o, st[None, None, kb], fq[None, None, kb], acc_o)
        r = as_operand(acc_r, a_shape)
        fz = mma_n.make_fragment_B(thr_n.partition_B(sz))
        fg = mma_s.make_fragment_B(thr_s.partition_B(sg))
        cute.gemm(mma_n, acc_o, r[None, None, 0], fz[None, None, 0], acc_o)
        cute.gemm(mma_s, acc_s, r[None, None, 0], fg[None, None, 0], acc_s)
        cute.autovec_copy(acc_o, thr_n.partition_C(mo[None, None, c]))


@cute.jit
def state_readers_host(mx: cute.Tensor, my: cute.Tensor, mout: cute.Tensor, mw: cute.Tensor, mq: cute.Tensor,
                       mz: cute.Tensor, mg: cute.Tensor, mo: cute.Tensor, chunks: cutlass.Int32):
    gate_kernel(_mma(OperandMajorMode.K, (VD, BT), warpgroup.OperandSource.SMEM), mx, my, mout).launch(
        grid=(1, 1, 1), block=(128, 1, 1))
    scan_kernel(_mma(OperandMajorMode.MN, (VD, KD)), _mma(OperandMajorMode.K, (VD, BT)), mw, mq, mz, mg, mo,
                chunks).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_state_readers():
    from cutlass.cute.runtime import make_fake_compact_tensor

    def fake(dtype, shape):
        return make_fake_compact_tensor(dtype, shape, stride_order=tuple(reversed(range(len(shape)))),
                                        assumed_align=16)

    chunks = 4
    return cute.compile(
        state_readers_host, fake(BF16, (VD, KD)), fake(BF16, (BT, KD)), fake(F32, (VD, BT)),
        fake(BF16, (BT, KD, chunks)),  # w: (key tokens, key dim, chunks)
        fake(BF16, (BT, KD, chunks)),  # q: (queries, key dim, chunks)
        fake(BF16, (BT, BT, chunks)),  # z: (queries, key tokens, chunks)
        fake(BF16, (KD, BT, chunks)),  # g: (key dim, key tokens, chunks)
        fake(F32, (VD, BT, chunks)),  # o^T: (value dim, queries, chunks)
        cutlass.Int32(chunks))
