"""A compile-only Blackwell kernel (sm_100a) that computes dV alone, as an attention backward's dK / dV kernel
launched apart from dQ does: S^T = K Q^T in TMEM (keys x queries over the head dim), a 32x32b tcgen05.ld of it,
converted to bf16 (P^T) and written by `autovec_copy` through a view laid by hand over a composition of the SMEM
buffer that dV = P^T dO reads as its A operand (cuDNN flex-attention's `reg_to_smem_mma128x128_2cta`), then dV's
epilogue staged in a buffer laid over that same SMEM by its pointer and copied out to global memory. The buffer P^T
is written through is the operand of dV, though its storage is later copied out: the scores reach dV. As in a
warp-specialized kernel, the MMAs' code comes first (the trace sees dV read its operand before P^T is written)."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32 = cutlass.BFloat16, cutlass.Float32
FIRST = (128, 64, 64)  # S^T: keys, queries, head dim
SECOND = (128, 64, 64)  # dV = P^T dO: keys, head dim, queries


def _mma(shape):
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, shape[:2], tcgen05.OperandSource.SMEM)


def _buffer(smem, layout):
    return smem.allocate_tensor(BF16, layout.outer, 1024, layout.inner)


def _rows_of(mma, acc, t):
    """A 32x32b tcgen05.ld of a (128, 64) accumulator, thread t on lane t: its 64 values in bf16."""
    get = cute.make_tiled_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                               cute.make_layout(((32, 4), (32, 32)), stride=((0, 1), (4, 128))),
                               (cute.make_layout((128, 32), stride=(32, 1)),))
    lane = get.get_slice(t % 128)
    at = mma.get_slice(0).partition_C(cute.make_identity_tensor((128, 64)))
    values = cute.make_rmem_tensor(lane.partition_D(at).shape, F32)
    cute.copy(get, lane.partition_S(acc), values)
    halves = cute.make_fragment_like(values, BF16)
    halves.store(values.load().to(BF16))
    return halves


@cute.kernel
def apart_kernel(first: cute.TiledMma, second: cute.TiledMma, Kin: cute.Tensor, Qin: cute.Tensor,
                 Dout: cute.Tensor, Gout: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_k = _buffer(smem, sm100.make_smem_layout_a(first, FIRST, BF16, 1))
    s_q = _buffer(smem, sm100.make_smem_layout_b(first, FIRST, BF16, 1))
    s_p = _buffer(smem, sm100.make_smem_layout_a(second, SECOND, BF16, 1))
    s_d = _buffer(smem, sm100.make_smem_layout_b(second, SECOND, BF16, 1))
    for i in cutlass.range_constexpr(64):  # the operands loaded element by element, row t of each
        s_k[((t, i % 16), 0, i // 16, 0)] = Kin[t, i]
        if t < 64:
            s_q[((t, i % 16), 0, i // 16, 0)] = Qin[t, i]
            s_d[((t, i % 16), 0, i // 16, 0)] = Dout[i, t]
    sums = first.make_fragment_C(first.partition_shape_C(FIRST[:2]))
    sums = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), sums.layout)
    lhs, rhs = first.make_fragment_A(s_k), first.make_fragment_B(s_q)
    for k in cutlass.range_constexpr(cute.size(lhs, mode=[2])):
        cute.gemm(first, sums, lhs[None, None, k, 0], rhs[None, None, k, 0], sums)
    out = second.make_fragment_C(second.partition_shape_C(SECOND[:2]))
    out = cute.make_tensor(cute.make_ptr(F32, 256, cute.AddressSpace.tmem), out.layout)
    again, by = second.make_fragment_A(s_p), second.make_fragment_B(s_d)
    for k in cutlass.range_constexpr(cute.size(again, mode=[2])):
        cute.gemm(second, out, again[None, None, k, 0], by[None, None, k, 0], out)
    # the softmax warps' code, traced after the MMA warp's that reads what they write (pipelines left out)
    halves = _rows_of(first, sums, t)
    # the operand seen as (rows, columns) by a composition, then a per-thread view laid by hand over it
    seen = cute.composition(s_p[None, None, None, 0], cute.make_ordered_layout((128, 64), order=(0, 1)))
    by_hand = cute.make_tensor(seen.iterator, cute.make_layout((128, (32, 2)), stride=(64, (1, 32))))
    for half in cutlass.range_constexpr(2):
        cute.autovec_copy(halves[None, half, 0, 0], by_hand[t, (None, half)])
    # the epilogue stages dV over the operand's SMEM, laid over its pointer, and copies it out
    done = _rows_of(second, out, t)
    staged = cute.make_tensor(s_p.iterator, cute.make_layout((128, (32, 2)), stride=(64, (1, 32))))
    for half in cutlass.range_constexpr(2):
        cute.autovec_copy(done[None, half, 0, 0], staged[t, (None, half)])
    cute.autovec_copy(staged[t, None], Gout[t, None])


@cute.jit
def apart_host(Kin: cute.Tensor, Qin: cute.Tensor, Dout: cute.Tensor, Gout: cute.Tensor):
    apart_kernel(_mma(FIRST), _mma(SECOND), Kin, Qin, Dout, Gout).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_apart():
    def tensor(shape):
        return make_fake_compact_tensor(BF16, shape, stride_order=(1, 0), assumed_align=16)

    return cute.compile(apart_host, tensor((128, 64)), tensor((64, 64)), tensor((64, 64)), tensor((128, 64)))
