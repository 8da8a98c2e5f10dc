"""A compile-only Blackwell kernel (sm_100a) whose first product's result goes through SMEM to a second product, not
to global memory: S = X W^T in TMEM, a 32x32b tcgen05.ld of it, converted to bf16 and written by
an r2s copy into `s_epi`, a plain (128, 64) view, its two modes grouped in one, over the SMEM buffer the second product reads as its A operand
(`s_op`, laid out by make_smem_layout_a: another shape). `s_epi` is the first product's epilogue buffer (as
flash-attn's `sdS_epi`, dS written for dQ and dK), not a tile of the operand it lies over."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32 = cutlass.BFloat16, cutlass.Float32
FIRST = (128, 64, 64)  # the first product's M, N, K
SECOND = (128, 64, 64)  # the second's: it reduces the columns written


def _mma(shape):
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, shape[:2], tcgen05.OperandSource.SMEM)


@cute.kernel
def handed_kernel(first: cute.TiledMma, second: cute.TiledMma, Y: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    lay_x = sm100.make_smem_layout_a(first, FIRST, BF16, 1)
    s_x = smem.allocate_tensor(BF16, lay_x.outer, 1024, lay_x.inner)
    lay_w = sm100.make_smem_layout_b(first, FIRST, BF16, 1)
    s_w = smem.allocate_tensor(BF16, lay_w.outer, 1024, lay_w.inner)
    lay_op = sm100.make_smem_layout_a(second, SECOND, BF16, 1)
    s_op = smem.allocate_tensor(BF16, lay_op.outer, 1024, lay_op.inner)
    lay_v = sm100.make_smem_layout_b(second, SECOND, BF16, 1)
    s_v = smem.allocate_tensor(BF16, lay_v.outer, 1024, lay_v.inner)
    sums = first.make_fragment_C(first.partition_shape_C(FIRST[:2]))
    sums = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), sums.layout)
    lhs, rhs = first.make_fragment_A(s_x), first.make_fragment_B(s_w)
    for k in cutlass.range_constexpr(cute.size(lhs, mode=[2])):
        cute.gemm(first, sums, lhs[None, None, k, 0], rhs[None, None, k, 0], sums)
    # one tile mode: 128 lanes x 32 columns a load, thread t on lane t, as the epilogue's partner copy needs
    get = cute.make_tiled_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                               cute.make_layout(((32, 4), (32, 32)), stride=((0, 1), (4, 128))),
                               (cute.make_layout((128, 32), stride=(32, 1)),))
    lane = get.get_slice(t % 128)
    out_of = lane.partition_S(sums)
    at = first.get_slice(0).partition_C(cute.make_identity_tensor(FIRST[:2]))
    values = cute.make_rmem_tensor(lane.partition_D(at).shape, F32)
    cute.copy(get, out_of, values)
    halves = cute.make_fragment_like(values, BF16)
    halves.store(values.load().to(BF16))
    # the (rows, columns) tile grouped into one mode, as the load's partner copy partitions it
    s_epi = cute.make_tensor(s_op.iterator, cute.make_layout((FIRST[:2],), stride=((FIRST[1], 1),)))
    r2s = cute.make_tiled_copy_D(sm100.get_smem_store_op(utils.LayoutEnum.ROW_MAJOR, BF16, F32, get), get)
    into = r2s.get_slice(t).partition_D(s_epi)
    for half in cutlass.range_constexpr(2):  # each 32-column load's values into its half of the row
        cute.autovec_copy(halves[None, half, 0, 0], into[None, half])
    out = second.make_fragment_C(second.partition_shape_C(SECOND[:2]))
    out = cute.make_tensor(cute.make_ptr(F32, 256, cute.AddressSpace.tmem), out.layout)
    again, by = second.make_fragment_A(s_op), second.make_fragment_B(s_v)
    for k in cutlass.range_constexpr(cute.size(again, mode=[2])):
        cute.gemm(second, out, again[None, None, k, 0], by[None, None, k, 0], out)
    Y[t] = out.iterator.toint()


@cute.jit
def handed_host(Y: cute.Tensor):
    handed_kernel(_mma(FIRST), _mma(SECOND), Y).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_handed():
    return cute.compile(handed_host, make_fake_compact_tensor(cutlass.Int32, (128,), assumed_align=16))
