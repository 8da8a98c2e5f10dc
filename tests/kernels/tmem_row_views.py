"""A compile-only Blackwell product whose accumulator's TMEM is viewed again in its own layout cut to fewer columns
(sm_100a): two 32-column views at columns 0 and 32 that the epilogue's warps drain in turn (chunks of the
accumulator), and two (rows, 2) views at the first column of each of two accumulator stages (columns 0 and 128),
where a softmax keeps per-row statistics, as CUTLASS's Blackwell FMHA and its descendants do: regions of their
own laid out in the MMA's form, not chunks of one accumulator. A tcgen05.ld partition is re-laid whole at the next
chunk's columns (`make_tensor(part.iterator + 32, part.layout)`), as a correction loop steps through O."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILE = (128, 128, 64)
F16, F32 = cutlass.Float16, cutlass.Float32


@cute.kernel
def views_kernel(mma: cute.TiledMma):
    smem = utils.SmemAllocator()
    la = sm100.make_smem_layout_a(mma, TILE, F16, 1)
    lb = sm100.make_smem_layout_b(mma, TILE, F16, 1)
    lhs = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    rhs = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    acc = mma.make_fragment_C(mma.partition_shape_C(TILE[:2]))
    acc = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16), acc.layout)
    fa, fb = mma.make_fragment_A(lhs), mma.make_fragment_B(rhs)
    for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
        cute.gemm(mma, acc, fa[None, None, k, 0], fb[None, None, k, 0], acc)
    chunk = cute.composition(acc.layout, (cute.make_layout((TILE[0], 32)), 1, 1))
    near = cute.make_tensor(acc.iterator, chunk)
    far = cute.make_tensor(acc.iterator + 32, chunk)
    pair = cute.composition(acc.layout, cute.make_layout((TILE[0], 2)))
    stats0 = cute.make_tensor(acc.iterator, pair)
    stats1 = cute.make_tensor(acc.iterator + TILE[1], pair)
    read = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                                  near[(None, None), 0, 0])
    lane = read.get_slice(cute.arch.thread_idx()[0] % 128)
    regs = cute.make_rmem_tensor(lane.partition_D(cute.make_identity_tensor((TILE[0], 32))).shape, F32)
    cute.copy(read, lane.partition_S(far[(None, None), 0, 0]), regs)
    # a copy partition re-laid whole at each chunk's columns, as a loop over chunks steps it
    narrow = cute.make_tensor(acc.iterator, cute.composition(acc.layout, cute.make_layout((TILE[0], 16))))
    step = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  narrow)
    strip = step.get_slice(cute.arch.thread_idx()[0] % 128)
    part = strip.partition_S(narrow)
    values = cute.make_rmem_tensor(strip.partition_D(cute.make_identity_tensor((TILE[0], 16))).shape, F32)
    for i in cutlass.range(TILE[1] // 16):
        ahead = cute.make_tensor(part.iterator + i * 16, part.layout)
        cute.copy(step, ahead, values)
    small = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(2)), F32),
                                   stats0)
    side = small.get_slice(cute.arch.thread_idx()[0] % 128)
    kept = cute.make_rmem_tensor(side.partition_D(cute.make_identity_tensor((TILE[0], 2))).shape, F32)
    cute.copy(small, side.partition_S(stats1), kept)


@cute.jit
def views_host():
    mma = sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32,
                                       tcgen05.CtaGroup.ONE, TILE[:2])
    views_kernel(mma).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_views():
    return cute.compile(views_host)
