"""A compile-only Blackwell mainloop whose K-major A buffer (`make_smem_layout_a`: the MMA atom's 16 K values, then
4 k-tiles, then 2 ring slots) is also seen through a plain (rows, 64 K, slots) layout over its own iterator, the
view a TMA partition cuts its boxes of whole rows from. The box view's K leaf merges the atom's K leaf and the
k-tiles: one axis, so the view is the buffer's data seen again, each leaf along the axis of what it holds. No name
says which (without the view's joins, the TMA box would join the global rows to nothing that names them)."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (128, 64, 64)  # (M, N, K)
SLOTS = 2
F16, F32 = cutlass.Float16, cutlass.Float32


@cute.kernel
def box_view_kernel(mma: cute.TiledMma, load: cute.CopyAtom, whole: cute.Tensor):
    smem = utils.SmemAllocator()
    la = sm100.make_smem_layout_a(mma, TILE, F16, SLOTS)
    lb = sm100.make_smem_layout_b(mma, TILE, F16, SLOTS)
    first = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    second = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    bar = smem.allocate_array(cutlass.Int64)
    box = cute.make_tensor(first.iterator, cute.make_layout((TILE[0], TILE[2], SLOTS),
                                                            stride=(TILE[2], 1, TILE[0] * TILE[2])))
    cut = cute.local_tile(whole, (TILE[0], TILE[2]), (None, 0))
    s_box, g_box = cpasync.tma_partition(load, 0, cute.make_layout(1), cute.group_modes(box, 0, 2),
                                         cute.group_modes(cut, 0, 2))
    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    acc = cute.make_tensor(tmem, mma.make_fragment_C(mma.partition_shape_C(TILE[:2])).layout)
    fa, fb = mma.make_fragment_A(first), mma.make_fragment_B(second)
    for slot in cutlass.range(SLOTS):
        cute.copy(load, g_box[None, slot], s_box[None, slot], tma_bar_ptr=bar)
        for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
            cute.gemm(mma, acc, fa[None, None, k, slot], fb[None, None, k, slot], acc)


@cute.jit
def box_view_host(src: cute.Tensor):
    mma = sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32,
                                       tcgen05.CtaGroup.ONE, TILE[:2])
    la = sm100.make_smem_layout_a(mma, TILE, F16, SLOTS)
    one_box = cute.make_composed_layout(la.inner, 0, cute.make_layout((TILE[0], TILE[2]), stride=(TILE[2], 1)))
    load, whole = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), src, one_box, (TILE[0], TILE[2]))
    box_view_kernel(mma, load, whole).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_box_view():
    src = make_fake_compact_tensor(F16, (4 * TILE[0], TILE[2]), stride_order=(1, 0), assumed_align=16)
    return cute.compile(box_view_host, src)
