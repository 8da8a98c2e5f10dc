"""A compile-only GEMM that counts the grid's tiles over an identity tensor of the whole problem, its extents read
mode by mode from the operands (`make_identity_tensor((a.shape[0], cute.size(b, mode=[0]), 1))`), as persistent
schedulers do (sm_80, mma.sync)."""
# The names are untyped on purpose (that is what the tests measure), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (64, 32, 32)


@cute.kernel
def grid_kernel(mma: cute.TiledMma, left: cute.Tensor, right: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    g_left = cute.local_tile(left, TILE, (bidx, 0, None), proj=(1, None, 1))
    g_right = cute.local_tile(right, TILE, (bidx, 0, None), proj=(None, 1, 1))
    g_out = cute.local_tile(out, TILE, (bidx, 0, None), proj=(1, 1, None))
    thr = mma.get_slice(tidx)
    frag_a = mma.make_fragment_A(thr.partition_A(g_left)[None, None, None, 0])
    frag_b = mma.make_fragment_B(thr.partition_B(g_right)[None, None, None, 0])
    frag_c = mma.make_fragment_C(thr.partition_C(g_out))
    # the grid's tiles, counted over the whole problem: this CTA's tile is in bounds when its first row is
    counted = cute.make_identity_tensor((left.shape[0], cute.size(right, mode=[0]), 1))
    tiles = cute.zipped_divide(counted, tiler=TILE[:2])
    where = tiles[(0, (bidx, 0, 0))]
    if where[0] < left.shape[0]:
        cute.gemm(mma, frag_c, frag_a, frag_b, frag_c)


@cute.jit
def grid_host(left: cute.Tensor, right: cute.Tensor, out: cute.Tensor):
    mma = cute.make_tiled_mma(cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)),
                              cute.make_layout((4, 1, 1)))
    grid_kernel(mma, left, right, out).launch(grid=(8, 1, 1), block=(128, 1, 1))


def compile_grid():
    rows, cols = cute.sym_int(divisibility=TILE[0]), cute.sym_int(divisibility=TILE[1])
    return cute.compile(grid_host,
                        make_fake_compact_tensor(cutlass.Float16, (rows, 128), stride_order=(1, 0), assumed_align=16),
                        make_fake_compact_tensor(cutlass.Float16, (cols, 128), stride_order=(1, 0), assumed_align=16),
                        make_fake_compact_tensor(cutlass.Float16, (rows, cols), stride_order=(1, 0), assumed_align=16))
