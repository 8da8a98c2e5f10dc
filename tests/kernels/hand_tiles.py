"""A GEMM tile made the way hand-written kernels make one (tests/test_trace_hand_tiles.py): the CTA's global tiles laid
by hand over the inputs' pointers at the block's offset, a staged SMEM buffer's stage taken by `cute.slice_`, and
running row statistics of the accumulator kept in vectors of a literal extent, indexed by compile-time arithmetic."""

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TILE_M, TILE_N, TILE_K = 16, 32, 16  # one warp: one m16 tile along M, four n8 atoms along N
ROWS = 2  # accumulator rows a thread holds: the C atom's row and row +8
TILES = 4  # CTAs along M


@cute.kernel
def hand_tiles_kernel(tiled_mma: cute.TiledMma, load: cute.TiledCopy, a: cute.Tensor, b: cute.Tensor,
                      stats: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    allocator = cutlass.utils.SmemAllocator()
    staged = allocator.allocate_tensor(cutlass.Float16, cute.make_layout((TILE_M, TILE_K, 2), stride=(TILE_K, 1,
                                       TILE_M * TILE_K)), byte_alignment=16)
    s_b = allocator.allocate_tensor(cutlass.Float16, cute.make_layout((TILE_N, TILE_K), stride=(TILE_K, 1)),
                                    byte_alignment=16)
    first = cute.slice_(staged, (None, None, 0))
    # the CTA's rows of A and its own copy of B: laid over the pointers at offsets the block index computes
    g_a = cute.make_tensor((a.iterator + bidx * (TILE_M * TILE_K)).align(16),
                         cute.make_layout((TILE_M, TILE_K), stride=(TILE_K, 1)))
    g_b = cute.make_tensor((b.iterator + bidx * (TILE_N * TILE_K)).align(16),
                         cute.make_layout((TILE_N, TILE_K), stride=(TILE_K, 1)))
    thr_load = load.get_slice(tidx)
    cute.copy(load, thr_load.partition_S(g_a), thr_load.partition_D(first))
    cute.copy(load, thr_load.partition_S(g_b), thr_load.partition_D(s_b))
    thr = tiled_mma.get_slice(tidx)
    acc = cute.make_rmem_tensor(thr.partition_shape_C((TILE_M, TILE_N)), cutlass.Float32)
    acc.fill(0.0)
    cute.gemm(tiled_mma, acc, thr.make_fragment_A(thr.partition_A(first)), thr.make_fragment_B(thr.partition_B(s_b)),
              acc)
    top = cute.make_rmem_tensor(ROWS, cutlass.Float32)
    top.fill(-1.0e30)
    for i in cutlass.range_constexpr(cute.size(acc)):
        r = (i // 2) % ROWS
        v = acc[i]
        if v > top[r]:
            top[r] = v
    # a row's statistic written out one value per row: the global vector at the CTA's offset
    out = cute.make_tensor(stats.iterator + bidx * TILE_M, cute.make_layout((TILE_M,)))
    out[tidx % TILE_M] = top[0] + top[ROWS - 1]


@cute.jit
def hand_tiles_host(a: cute.Tensor, b: cute.Tensor, stats: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((1, 1, 1)), permutation_mnk=(16, 8, 16))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    load = cute.make_tiled_copy_tv(atom, cute.make_layout((16, 2), stride=(2, 1)), cute.make_layout((1, 8)))
    hand_tiles_kernel(tiled_mma, load, a, b, stats).launch(grid=(TILES, 1, 1), block=(32, 1, 1))


def compile_hand_tiles():
    return cute.compile(hand_tiles_host,
                        make_fake_compact_tensor(cutlass.Float16, (TILES * TILE_M, TILE_K), assumed_align=16),
                        make_fake_compact_tensor(cutlass.Float16, (TILES * TILE_N, TILE_K), assumed_align=16),
                        make_fake_compact_tensor(cutlass.Float32, (TILES * TILE_M,), assumed_align=16))
