"""A compile-only Blackwell GEMM whose A operand is converted by the kernel and written into TMEM past the
accumulator, as mixed-input and low-precision-weight GEMMs do (sm_100a). Names say nothing about the modes."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILE = (128, 64, 64)
F16, F32 = cutlass.Float16, cutlass.Float32


@cute.kernel
def converted_kernel(mma: cute.TiledMma, second: cute.Tensor, out: cute.Tensor):
    smem = utils.SmemAllocator()
    lb = sm100.make_smem_layout_b(mma, TILE, F16, 1)
    la = sm100.make_smem_layout_a(mma, TILE, F16, 1)
    sb = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    acc = mma.make_fragment_C(mma.partition_shape_C(TILE[:2]))
    acc = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), acc.layout)
    # the converted operand, in TMEM past the accumulator's columns, laid out as the MMA's A fragment
    decoded = cute.make_tensor(cute.recast_ptr(acc.iterator + TILE[1], dtype=F16),
                               mma.make_fragment_A(la.outer).layout)
    fb = mma.make_fragment_B(sb)
    tiles = mma.get_slice(0).partition_B(cute.local_tile(second, TILE[1:], (None, None)))
    out_tiles = mma.get_slice(0).partition_C(cute.local_tile(out, TILE[:2], (None, None)))
    for k in cutlass.range_constexpr(cute.size(fb, mode=[2])):
        cute.gemm(mma, acc, decoded[None, None, k, 0], fb[None, None, k, 0], acc)


@cute.jit
def converted_host(second: cute.Tensor, out: cute.Tensor):
    mma = sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32, tcgen05.CtaGroup.ONE,
                                       TILE[:2], tcgen05.OperandSource.TMEM)
    # the grid: the output cut into CTA tiles on the host
    grid = cute.zipped_divide(out, TILE[:2])
    converted_kernel(mma, second, out).launch(grid=(cute.size(grid, mode=[1]), 1, 1), block=(128, 1, 1))


def compile_converted():
    from cutlass.cute.runtime import make_fake_compact_tensor

    second = make_fake_compact_tensor(F16, (256, 256), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(F32, (256, 256), stride_order=(1, 0), assumed_align=16)
    return cute.compile(converted_host, second, out)
