"""Compile-only kernel (sm_90a): attention whose query tile packs a KV head's group of query heads with the
queries, loaded the way a GQA-packed forward pass loads it.

The host views the queries (b, s, h, d) heads first and groups (heads, queries) into one mode, makes a TMA atom whose
box takes (4 heads, 16 queries) x d, and hands the kernel the coordinate tensor unpacked to ((4 heads of a group,
s), d, KV heads, b), as a kernel packing GQA does. The kernel tiles it ((4, 16), d) (heads and queries kept apart)
and partitions it with a 64-row SMEM tile `s_rows` laid out (8, 8) along its rows (two queries' four heads in each 8:
both merged), then S = X Y^T and O = P V over one m16n8k16 warp (two_products). Names carry no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

GROUP, ROWS, DEPTH, SEQ, KV_HEADS = 4, 64, 64, 128, 2


def _rows_in_eights():
    """The SMEM query tile's layout: a swizzled (8 rows, 64 d) atom tiled over the 64 rows, rows (8, 8)."""
    atom = cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0,
                                     cute.make_ordered_layout((8, DEPTH), order=(1, 0)))
    return cute.tile_to_shape(atom, (ROWS, DEPTH), (0, 1))


@cute.kernel
def packed_kernel(tiled_mma: cute.TiledMma, atom: cute.CopyAtom, queries: cute.Tensor, keys: cute.Tensor,
                  values: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    group_of, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    s_rows = smem.allocate_tensor(cutlass.Float16, _rows_in_eights().outer, 128, _rows_in_eights().inner)
    _, s_y, s_v = two_products.smem_tiles(ROWS, DEPTH)
    tile = cute.local_tile(queries[None, None, group_of, 0], ((GROUP, ROWS // GROUP), DEPTH), (0, 0))
    s_part, g_part = cpasync.tma_partition(atom, 0, cute.make_layout(1), cute.group_modes(s_rows, 0, 2),
                                           cute.group_modes(tile, 0, 2))
    cute.autovec_copy(cute.local_tile(keys, (ROWS, DEPTH), (0, 0)), s_y)
    cute.autovec_copy(cute.local_tile(values, (DEPTH, ROWS), (0, 0)), s_v)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    scores = two_products.scores_of(thr, tiled_mma, s_rows, s_y, ROWS)
    two_products.output_of(thr, tiled_mma, two_products.probs_of(thr, scores, ROWS), s_v, ROWS, DEPTH)


@cute.jit
def packed_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor):
    by_heads = cute.make_tensor(queries.iterator, cute.select(queries.layout, mode=[2, 1, 3, 0]))  # (h, s, d, b)
    grouped = cute.group_modes(by_heads, 0, 2)  # ((h, s), d, b)
    atom, boxed = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), grouped, _rows_in_eights(),
                                              ((GROUP, ROWS // GROUP), DEPTH))
    unpacked = cute.make_tensor(boxed.iterator, cute.make_layout(
        ((GROUP, boxed.shape[0][1]), boxed.shape[1], boxed.shape[0][0] // GROUP, boxed.shape[2]),
        stride=(boxed.stride[0], boxed.stride[1], boxed.stride[0][0] * GROUP, boxed.stride[2])))
    packed_kernel(two_products.tiled_mma(), atom, unpacked, keys, values).launch(grid=(KV_HEADS, 1, 1),
                                                                               block=(32, 1, 1))


def compile_packed_group_rows():
    queries = make_fake_compact_tensor(cutlass.Float16, (1, SEQ, GROUP * KV_HEADS, DEPTH), stride_order=(3, 2, 1, 0),
                                       assumed_align=16)
    keys = make_fake_compact_tensor(cutlass.Float16, (SEQ, DEPTH), stride_order=(1, 0), assumed_align=16)
    values = make_fake_compact_tensor(cutlass.Float16, (DEPTH, SEQ), stride_order=(0, 1), assumed_align=16)
    return cute.compile(packed_host, queries, keys, values)
