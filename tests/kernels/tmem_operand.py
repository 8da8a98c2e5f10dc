"""A compile-only Blackwell mixed-input mainloop (sm_100a): the MMA reads its A operand from TMEM, laid over the
accumulator's TMEM columns past its own (`make_tensor` over the accumulator's pointer in `make_fragment_A`'s
layout). Converter warps load the narrow weights from SMEM into registers through the partition a tcgen05.st copy
makes of them, widen them, and store them into that TMEM operand: copies of an operand, not an epilogue, though
their destination lies in the accumulator's storage. Its second kernel writes the same TMEM operand from the
accumulator's own values (read out by tcgen05.ld), as attention writes P over S: that is the epilogue of the MMA."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05

BF16, F8, F32 = cutlass.BFloat16, cutlass.Float8E4M3FN, cutlass.Float32
SHAPE = (128, 64, 64)  # M, N, K of one CTA's tile


def _mma():
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, SHAPE[:2], tcgen05.OperandSource.TMEM)


@cute.jit
def _operand_over(mma: cute.TiledMma, sums: cute.Tensor):
    """The MMA's A fragment in TMEM, past the accumulator's 64 columns."""
    laid = sm100.make_smem_layout_a(mma, SHAPE, BF16, 1)
    frag = mma.make_fragment_A(laid.outer)[None, None, None, 0]
    return cute.make_tensor(cute.recast_ptr(sums.iterator + SHAPE[1], dtype=BF16), frag.layout)


@cute.kernel
def widen_kernel(mma: cute.TiledMma):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    lay_w = sm100.make_smem_layout_a(mma, SHAPE, BF16, 1)
    narrow = smem.allocate_tensor(F8, lay_w.outer, 1024, lay_w.inner)
    lay_x = sm100.make_smem_layout_b(mma, SHAPE, BF16, 1)
    s_x = smem.allocate_tensor(BF16, lay_x.outer, 1024, lay_x.inner)
    sums = mma.make_fragment_C(mma.partition_shape_C(SHAPE[:2]))
    sums = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), sums.layout)
    wide = _operand_over(mma, sums)
    put = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(8)), BF16), wide)
    lane = put.get_slice(t % 128)
    into = lane.partition_D(wide)
    out_of = lane.partition_S(narrow[None, None, None, 0])
    loaded = cute.make_rmem_tensor(out_of.shape, F8)
    cute.autovec_copy(out_of, loaded)
    widened = cute.make_rmem_tensor(out_of.shape, BF16)
    widened.store(loaded.load().to(BF16))
    cute.copy(put, widened, into)
    rhs = mma.make_fragment_B(s_x)
    for k in cutlass.range_constexpr(cute.size(wide, mode=[2])):
        cute.gemm(mma, sums, wide[None, None, k], rhs[None, None, k, 0], sums)


@cute.kernel
def rewrite_kernel(mma: cute.TiledMma):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    lay_x = sm100.make_smem_layout_b(mma, SHAPE, BF16, 1)
    s_x = smem.allocate_tensor(BF16, lay_x.outer, 1024, lay_x.inner)
    sums = mma.make_fragment_C(mma.partition_shape_C(SHAPE[:2]))
    sums = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), sums.layout)
    wide = _operand_over(mma, sums)
    get = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                 sums[(None, None), 0, 0])
    lane_get = get.get_slice(t % 128)
    out_of = lane_get.partition_S(sums[(None, None), 0, 0])
    values = cute.make_rmem_tensor(lane_get.partition_D(cute.make_identity_tensor(SHAPE[:2])).shape, F32)
    cute.copy(get, out_of, values)
    put = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(8)), BF16), wide)
    lane_put = put.get_slice(t % 128)
    into = lane_put.partition_D(wide)
    halves = cute.make_rmem_tensor(values.shape, BF16)
    halves.store(values.load().to(BF16))
    cute.copy(put, cute.make_tensor(halves.iterator, cute.make_layout(lane_put.partition_S(wide).shape)), into)
    rhs = mma.make_fragment_B(s_x)
    for k in cutlass.range_constexpr(cute.size(wide, mode=[2])):
        cute.gemm(mma, sums, wide[None, None, k], rhs[None, None, k, 0], sums)


@cute.jit
def widen_host():
    widen_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def rewrite_host():
    rewrite_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_widen():
    return cute.compile(widen_host)


def compile_rewrite():
    return cute.compile(rewrite_host)
