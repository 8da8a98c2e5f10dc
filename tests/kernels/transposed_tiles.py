"""A compile-only tile transpose with no MMA (sm_80): the input's tile is copied into one SMEM buffer, its elements moved
one by one into a second buffer at swapped indices (`flipped[c, r] = staged[r, c]`, with `r, c = idx // 32, idx % 32`
of a flat index), and that buffer copied out to the output's tile, cut by the reversed tiler at the reversed block
indices. Nothing is named after an axis: the block index each tile is cut at says which of the output's modes runs
along which of the input's, the flat index's quotient and remainder are a row and a column (no ring's slot), and
the SMEM side of the copy that writes the output is made for that write: Store, as the output's side is."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

F32 = cutlass.Float32
TILE = (32, 32)
THREADS = 128


@cute.kernel
def transpose_kernel(src: cute.Tensor, dst: cute.Tensor, copy_in: cute.TiledCopy, copy_out: cute.TiledCopy):
    t, _, _ = cute.arch.thread_idx()
    bx, by, _ = cute.arch.block_idx()
    where = (bx, by)
    tile_in = cute.local_tile(src, TILE, where, proj=(1, 1))
    tile_out = cute.local_tile(dst, TILE[::-1], where[::-1], proj=(1, 1))
    smem = cutlass.utils.SmemAllocator()
    staged = smem.allocate_tensor(F32, cute.make_layout(TILE), byte_alignment=16)
    flipped = smem.allocate_tensor(F32, cute.make_layout(TILE), byte_alignment=16)
    thr_in, thr_out = copy_in.get_slice(t), copy_out.get_slice(t)
    cute.copy(copy_in, thr_in.partition_S(tile_in), thr_in.partition_D(staged))
    cute.arch.sync_threads()
    for idx in cutlass.range(t, TILE[0] * TILE[1], THREADS, unroll_full=True):
        r = idx // TILE[1]
        c = idx % TILE[1]
        flipped[c, r] = staged[r, c]
    cute.arch.sync_threads()
    read_out = thr_out.partition_S(flipped)
    written = thr_out.partition_D(tile_out)
    cute.copy(copy_out, read_out, written)


@cute.jit
def transpose_host(src: cute.Tensor, dst: cute.Tensor):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F32)
    threads = cute.make_ordered_layout((4, 32), order=(1, 0))
    values = cute.make_ordered_layout((1, 1), order=(1, 0))
    copy_in = cute.make_tiled_copy_tv(atom, threads, values)
    copy_out = cute.make_tiled_copy_tv(atom, threads, values)
    grid = (cute.ceil_div(src.shape[0], TILE[0]), cute.ceil_div(src.shape[1], TILE[1]), 1)
    transpose_kernel(src, dst, copy_in, copy_out).launch(grid=grid, block=(THREADS, 1, 1))


def compile_transpose():
    src = make_fake_compact_tensor(F32, (256, 512), stride_order=(1, 0), assumed_align=16)
    dst = make_fake_compact_tensor(F32, (512, 256), stride_order=(1, 0), assumed_align=16)
    return cute.compile(transpose_host, src, dst)
