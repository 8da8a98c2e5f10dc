"""A compile-only transpose with no MMA: out (cols, rows) = src (rows, cols)^T, one CTA per 32 x 64 tile of src,
the tile cp.async'd into SMEM, each warp's 32 x 8 subtile read into registers by a transposing ldmatrix x4, the
same registers viewed as an 8 x 32 tile of out and written by 128-bit copies. The ldmatrix's two sides give each
lane other elements (a lane's source is one SMEM row, its destination values lie down a column), so its atoms
run along different axes: the labels must come from the tiles and views, not from the atoms joined."""
# The names are untyped on purpose (that is what the tests measure), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TILE_R, TILE_C, SUB_R, SUB_C, THREADS = 32, 64, 32, 8, 256
EXTENT = 1024


@cute.kernel
def transpose_kernel(src: cute.Tensor, out: cute.Tensor, g2s: cute.TiledCopy, s2r: cute.TiledCopy,
                     r2g: cute.TiledCopy):
    tid, _, _ = cute.arch.thread_idx()
    bx, by, _ = cute.arch.block_idx()
    lane, warp = tid % 32, tid // 32
    first = cute.local_tile(src, (TILE_R, TILE_C), (bx, by))
    second = cute.local_tile(out, (TILE_C, TILE_R), (by, bx))
    buf = cutlass.utils.SmemAllocator().allocate_tensor(
        cutlass.Float16, cute.make_layout((TILE_R, TILE_C), stride=(TILE_C, 1)), byte_alignment=16)
    loader = g2s.get_slice(tid)
    cute.copy(g2s, loader.partition_S(first), loader.partition_D(buf))
    cute.arch.cp_async_commit_group()
    cute.arch.cp_async_wait_group(0)
    cute.arch.sync_threads()
    held = cute.make_rmem_tensor((SUB_R, SUB_C), cutlass.Float16)
    flipped = cute.make_tensor(held.iterator, cute.make_layout((SUB_C, SUB_R), stride=(SUB_R, 1)))
    piece = cute.local_tile(buf, (SUB_R, SUB_C), (0, warp))
    reader = s2r.get_slice(lane)
    cute.copy(s2r, reader.partition_S(piece), reader.partition_D(held))
    target = cute.local_tile(second, (SUB_C, SUB_R), (warp, 0))
    writer = r2g.get_slice(lane)
    cute.copy(r2g, writer.partition_S(flipped), writer.partition_D(target))


@cute.jit
def transpose_host(src: cute.Tensor, out: cute.Tensor):
    vec = cute.make_copy_atom(cute.nvgpu.cpasync.CopyG2SOp(), cutlass.Float16, num_bits_per_copy=128)
    g2s = cute.make_tiled_copy_tv(vec, cute.make_layout((TILE_R, 8), stride=(8, 1)), cute.make_layout((1, 8)))
    ldsm = cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(transpose=True, num_matrices=4), cutlass.Float16)
    s2r = cute.make_tiled_copy(ldsm, ldsm.layout_src_tv, (SUB_R, SUB_C))
    plain = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    r2g = cute.make_tiled_copy_tv(plain, cute.make_layout((SUB_C, 4), stride=(4, 1)), cute.make_layout((1, 8)))
    transpose_kernel(src, out, g2s, s2r, r2g).launch(grid=(EXTENT // TILE_R, EXTENT // TILE_C, 1),
                                                     block=(THREADS, 1, 1))


def compile_transpose():
    src = make_fake_compact_tensor(cutlass.Float16, (EXTENT, EXTENT), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Float16, (EXTENT, EXTENT), stride_order=(1, 0), assumed_align=16)
    return cute.compile(transpose_host, src, out)
