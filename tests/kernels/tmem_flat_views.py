"""A compile-only Blackwell GEMM (sm_100a) whose epilogue reads its TMEM accumulator through flat (rows, columns)
views, as attention's softmax warps read S and write P and the row statistics: `make_tensor(acc.iterator + offset,
composition(acc.layout, (128, 64)))`. A tcgen05 copy's partition of such a view has the rests of the view's two
modes in order, one of them of extent 1 (a 128-row view is one tile of the copy's 32 lanes x 4 warps)."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05

BF16, F32 = cutlass.BFloat16, cutlass.Float32
SHAPE = (128, 128, 64)


def _mma():
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, SHAPE[:2])


@cute.kernel
def flat_kernel(mma: cute.TiledMma):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    lay_a = sm100.make_smem_layout_a(mma, SHAPE, BF16, 1)
    lay_b = sm100.make_smem_layout_b(mma, SHAPE, BF16, 1)
    s_a = smem.allocate_tensor(BF16, lay_a.outer, 1024, lay_a.inner)
    s_b = smem.allocate_tensor(BF16, lay_b.outer, 1024, lay_b.inner)
    acc = mma.make_fragment_C(mma.partition_shape_C(SHAPE[:2]))
    acc = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), acc.layout)
    lhs, rhs = mma.make_fragment_A(s_a)[None, None, None, 0], mma.make_fragment_B(s_b)[None, None, None, 0]
    for k in cutlass.range_constexpr(cute.size(lhs, mode=[2])):
        cute.gemm(mma, acc, lhs[None, None, k], rhs[None, None, k], acc)
    half = cute.make_tensor(acc.iterator + SHAPE[1], cute.composition(acc.layout, cute.make_layout((128, 64))))
    put = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(32)), F32),
                                 half)
    into = put.get_slice(t % 128).partition_D(half)
    vals = cute.make_rmem_tensor(into.shape, F32)
    for i in cutlass.range_constexpr(cute.size(vals)):
        vals[i] = F32(t)
    cute.copy(put, cute.make_tensor(vals.iterator, cute.make_layout(put.get_slice(t % 128).partition_S(half).shape)),
              into)


@cute.jit
def flat_host():
    flat_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_flat():
    return cute.compile(flat_host)
