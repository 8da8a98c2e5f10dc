"""A compile-only Ampere warp-MMA kernel (sm_80) whose ldmatrix partitions of the SMEM operands are cut again by
`logical_divide`: their k-blocks split in two halves (as a kernel splitting a tile's k-blocks among warps does),
the other modes left whole (`None`). The cut modes are still the copy's repeats along K; the whole ones are the
partition's own modes, unchanged."""
# The names here are meant not to follow the convention (the labels must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

F16, F32 = cutlass.Float16, cutlass.Float32
ROWS, COLS, DEPTH = 16, 16, 256  # the CTA's M, N, K: 1 x 2 MMAs of 16 x 8 x 16, 16 k-blocks
PARTS = 4  # the k-blocks split in four, each part walked in turn (as four warps would split them)
SLOTS = 2  # the SMEM buffers' slots (a ring's stages; the kernel reads the first)


@cute.kernel
def split_kernel(mma: cute.TiledMma, pull_a: cute.TiledCopy, pull_b: cute.TiledCopy, left: cute.Tensor,
                 right: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    pool = cutlass.utils.SmemAllocator()
    swizzled = cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0, cute.make_layout((8, 64), stride=(64, 1)))
    lay_l = cute.tile_to_shape(swizzled, (ROWS, DEPTH, SLOTS), (0, 1, 2))
    lay_r = cute.tile_to_shape(swizzled, (COLS, DEPTH, SLOTS), (0, 1, 2))
    ring_l = pool.allocate_tensor(F16, lay_l.outer, 128, lay_l.inner)
    ring_r = pool.allocate_tensor(F16, lay_r.outer, 128, lay_r.inner)
    cute.autovec_copy(left, ring_l[None, None, 0])
    cute.autovec_copy(right, ring_r[None, None, 0])
    cute.arch.sync_threads()
    me = mma.get_slice(t)
    regs_l = me.make_fragment_A(me.partition_A(ring_l[None, None, 0]))
    regs_r = me.make_fragment_B(me.partition_B(ring_r[None, None, 0]))
    sums = cute.make_rmem_tensor(me.partition_shape_C((ROWS, COLS)), F32)
    sums.fill(0.0)
    lane_l, lane_r = pull_a.get_slice(t), pull_b.get_slice(t)
    into_l, into_r = lane_l.retile(regs_l), lane_r.retile(regs_r)
    cut_l = cute.logical_divide(lane_l.partition_S(ring_l), (None, None, PARTS, None))
    cut_r = cute.logical_divide(lane_r.partition_S(ring_r), (None, None, PARTS, None))
    per_part = cute.size(regs_l, mode=[2]) // PARTS
    for h in cutlass.range_constexpr(PARTS):
        for k in cutlass.range_constexpr(per_part):
            cute.copy(pull_a, cut_l[None, None, (k, h), 0], into_l[None, None, h * per_part + k])
            cute.copy(pull_b, cut_r[None, None, (k, h), 0], into_r[None, None, h * per_part + k])
            cute.gemm(mma, sums, regs_l[None, None, h * per_part + k], regs_r[None, None, h * per_part + k], sums)
    cute.printf("{}", sums[0])


@cute.jit
def split_host(left: cute.Tensor, right: cute.Tensor):
    mma = cute.make_tiled_mma(cute.nvgpu.warp.MmaF16BF16Op(F16, F32, (16, 8, 16)), cute.make_layout((1, 1, 1)))
    pull_a = cute.make_tiled_copy_A(cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 4), F16), mma)
    pull_b = cute.make_tiled_copy_B(cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 2), F16), mma)
    split_kernel(mma, pull_a, pull_b, left, right).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_split():
    left = make_fake_compact_tensor(F16, (ROWS, DEPTH), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(F16, (COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    return cute.compile(split_host, left, right)


@cute.kernel
def partials_kernel(mma: cute.TiledMma, left: cute.Tensor, right: cute.Tensor):
    """One k-block's product per warp, its accumulator left in a flat SMEM buffer of (warp, linear output element)
    through a (rows, columns) view laid over the warp's row of it (as a split-K kernel's warps leave their partial
    sums for one to add up)."""
    t, _, _ = cute.arch.thread_idx()
    pool = cutlass.utils.SmemAllocator()
    tile_l = pool.allocate_tensor(F16, cute.make_layout((ROWS, 16), stride=(16, 1)), 16)
    tile_r = pool.allocate_tensor(F16, cute.make_layout((COLS, 16), stride=(16, 1)), 16)
    cute.autovec_copy(left[None, (None, 0)], tile_l)
    cute.autovec_copy(right[None, (None, 0)], tile_r)
    cute.arch.sync_threads()
    me = mma.get_slice(t)
    sums = cute.make_rmem_tensor(me.partition_shape_C((ROWS, COLS)), F32)
    sums.fill(0.0)
    cute.gemm(mma, sums, me.make_fragment_A(me.partition_A(tile_l)), me.make_fragment_B(me.partition_B(tile_r)), sums)
    flat = cute.make_tensor(cute.arch.alloc_smem(F32, 2 * ROWS * COLS, alignment=16),
                            cute.make_layout((2, ROWS * COLS), stride=(ROWS * COLS, 1)))
    mine = cute.make_tensor(cute.domain_offset((t // 32, 0), flat).iterator,
                            cute.make_layout((ROWS, COLS), stride=(COLS, 1)))
    cute.autovec_copy(sums, me.partition_C(mine))


@cute.jit
def partials_host(left: cute.Tensor, right: cute.Tensor):
    mma = cute.make_tiled_mma(cute.nvgpu.warp.MmaF16BF16Op(F16, F32, (16, 8, 16)), cute.make_layout((1, 1, 1)))
    partials_kernel(mma, cute.logical_divide(left, (None, 16)), cute.logical_divide(right, (None, 16))).launch(
        grid=(1, 1, 1), block=(64, 1, 1))


def compile_partials():
    left = make_fake_compact_tensor(F16, (ROWS, DEPTH), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(F16, (COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    return cute.compile(partials_host, left, right)
