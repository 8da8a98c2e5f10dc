"""A compile-only Blackwell block-scaled GEMM's scale-factor load (sm_100a): A's scale factors (one E8M0 per 32 K
values) seen through `tile_atom_to_shape_SF`, whose first coordinate is stepped by the rows and by the k-blocks
both, and whose 32 values sharing one scale are a broadcast; tiled like A, partitioned by the MMA's A slot, loaded
by TMA, and the TMA partitions filtered of their broadcast (`filter_zeros`)."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
import cutlass.utils.blockscaled_layout as blockscaled
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILER = (128, 128, 128)
VEC = 32  # K values per scale factor
F8, SF = cutlass.Float8E4M3FN, cutlass.Float8E8M0FNU


@cute.kernel
def scales_kernel(tiled_mma: cute.TiledMma, tma_scales: cute.CopyAtom, scales: cute.Tensor, layout: cute.Layout):
    smem = utils.SmemAllocator()
    s_scales = smem.allocate_tensor(SF, layout, 128)
    barrier = smem.allocate_array(cutlass.Int64, 1)
    tiles = cute.local_tile(scales, cute.slice_(TILER, (None, 0, None)), (None, None, None))
    by_mma = tiled_mma.get_slice(0).partition_A(tiles)
    box_s, box_g = cpasync.tma_partition(tma_scales, 0, cute.make_layout(1), cute.group_modes(s_scales, 0, 3),
                                         cute.group_modes(by_mma, 0, 3))
    once_s, once_g = cute.filter_zeros(box_s), cute.filter_zeros(box_g)
    cute.copy(tma_scales, once_g[None, 0, 0, 0], once_s[None, 0], tma_bar_ptr=barrier)


@cute.jit
def scales_host(a: cute.Tensor, sfa: cute.Tensor):
    tiled_mma = sm100.make_blockscaled_trivial_tiled_mma(F8, F8, OperandMajorMode.K, OperandMajorMode.K, SF, VEC,
                                                         tcgen05.CtaGroup.ONE, TILER[:2])
    view = cute.make_tensor(sfa.iterator, blockscaled.tile_atom_to_shape_SF(a.shape, VEC))
    staged = blockscaled.make_smem_layout_sfa(tiled_mma, TILER, VEC, 1)
    tma_scales, scales = cute.nvgpu.make_tiled_tma_atom_A(
        cpasync.CopyBulkTensorTileG2SOp(tcgen05.CtaGroup.ONE), view, cute.slice_(staged, (None, None, None, 0)),
        TILER, tiled_mma, cute.make_layout((1, 1, 1, 1)).shape, internal_type=cutlass.Int16)
    scales_kernel(tiled_mma, tma_scales, scales, staged).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_scales():
    from cutlass.cute.runtime import make_fake_compact_tensor

    a = make_fake_compact_tensor(F8, (1024, 4096, 1), stride_order=(1, 0, 2), assumed_align=16)
    sfa = make_fake_compact_tensor(SF, (1024 * 4096 // VEC,), assumed_align=16)
    return cute.compile(scales_host, a, sfa)


@cute.jit
def ordered_scales_host(a: cute.Tensor, sfa_ptr: cute.Pointer, row_blocks: cutlass.Int64, k_blocks: cutlass.Int64):
    # the scale grid as the host lays it out: (32 rows, 4 row groups, row blocks, 4 scales, k-blocks, batch), the
    # row blocks outermost but for the batch; the kernel's host function re-lays it by `tile_atom_to_shape_SF`
    ordered = cute.make_tensor(sfa_ptr, cute.make_ordered_layout((32, 4, row_blocks, 4, k_blocks, 1),
                                                                 order=(2, 1, 4, 0, 3, 5)))
    scales_host(a, ordered)


def compile_ordered_scales():
    from cutlass.cute.runtime import make_fake_compact_tensor, make_ptr

    a = make_fake_compact_tensor(F8, (cute.sym_int(), cute.sym_int(), 1), stride_order=(1, 0, 2), assumed_align=16)
    return cute.compile(ordered_scales_host, a, make_ptr(SF, 16, cute.AddressSpace.gmem, 16), 8, 32)
