"""A compile-only Blackwell GEMM mainloop whose A tile is held whole in SMEM, cut in k-tiles, while B streams
through a two-slot ring. Both buffers come from `make_smem_layout_*` with a slot count, but only B's slots are a
pipeline's (the consumer state's index selects them); A's are the k-tiles one accumulation walks, selected by the
loop's own index. No name says which."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass import pipeline
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILE = (128, 64, 64)  # (M, N, K) of one k-tile's product
PARTS, SLOTS = 4, 2  # A's k-tiles held at once; B's ring
F16, F32 = cutlass.Float16, cutlass.Float32


@cute.kernel
def held_kernel(mma: cute.TiledMma):
    smem = utils.SmemAllocator()
    la = sm100.make_smem_layout_a(mma, TILE, F16, PARTS)
    lb = sm100.make_smem_layout_b(mma, TILE, F16, SLOTS)
    first = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    second = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    acc = cute.make_tensor(tmem, mma.make_fragment_C(mma.partition_shape_C(TILE[:2])).layout)
    fa, fb = mma.make_fragment_A(first), mma.make_fragment_B(second)
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, SLOTS)
    for part in cutlass.range(PARTS):
        for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
            cute.gemm(mma, acc, fa[None, None, k, part], fb[None, None, k, state.index], acc)
        state.advance()


@cute.jit
def held_host():
    mma = sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32,
                                       tcgen05.CtaGroup.ONE, TILE[:2])
    held_kernel(mma).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_held():
    return cute.compile(held_host)
