"""A compile-only tcgen05 GEMM mainloop (sm_100a) whose SMEM operand buffers are made in generator expressions
(`tuple(alloc.allocate_tensor(...) for _ in range(2))`, one per k-half), so the trace first meets each buffer where
`make_fragment_A` / `make_fragment_B` reads it: the buffers are the MMA's operands all the same."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILE = (128, 64, 64)
BF16, F32 = cutlass.BFloat16, cutlass.Float32


@cute.kernel
def unseen_kernel(mma: cute.TiledMma):
    alloc = utils.SmemAllocator()
    lay_a = sm100.make_smem_layout_a(mma, TILE, BF16, 1)
    lay_b = sm100.make_smem_layout_b(mma, TILE, BF16, 1)
    lefts = tuple(alloc.allocate_tensor(BF16, lay_a.outer, 1024, lay_a.inner) for _ in range(2))
    rights = tuple(alloc.allocate_tensor(BF16, lay_b.outer, 1024, lay_b.inner) for _ in range(2))
    sums = mma.make_fragment_C(mma.partition_shape_C(TILE[:2]))
    sums = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), sums.layout)
    for half in cutlass.range_constexpr(2):
        frag_a = mma.make_fragment_A(lefts[half])
        frag_b = mma.make_fragment_B(rights[half])
        for k in cutlass.range_constexpr(cute.size(frag_a, mode=[2])):
            cute.gemm(mma, sums, frag_a[None, None, k, 0], frag_b[None, None, k, 0], sums)


@cute.jit
def unseen_host():
    mma = sm100.make_trivial_tiled_mma(BF16, OperandMajorMode.K, OperandMajorMode.K, F32, tcgen05.CtaGroup.ONE,
                                       TILE[:2], tcgen05.OperandSource.SMEM)
    unseen_kernel(mma).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_unseen():
    return cute.compile(unseen_host)
