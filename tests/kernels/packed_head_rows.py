"""Compile-only kernel: attention whose keys and values come from a workspace packing (chunk, head, token) rows.

`compile_packed_head_rows` (sm_80): a previous pass wrote K and V chunk by chunk, head by head: row `(chunk *
heads + h) * 16 + t` of a (rows, 64 d) workspace. The CTA tiles it by 16 rows and selects tile `c * heads + h`
(c a loop's chunk, h the CTA's head, the index that selects the queries' heads). A tile's 16 rows are keys; the
workspace's rows and the tiles' rest pack chunks and heads, neither axis. A per-(chunk, head) gate row of another
workspace, tiled (1, 64) and selected by the same index, is one packed row: its size-1 atom runs along none. S = X Y^T, then O = P V; names carry
no axis letters: the labels must come from the data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DEPTH = 64
_HEADS = 2
_CHUNKS = 8
_ROWS = 16


def _attention(tidx, mma, tile_x, tile_y, tile_v):
    two_products.attention_of_tiles(tidx, mma, tile_x, tile_y, tile_v, _ROWS, _DEPTH)


@cute.kernel
def packed_head_rows_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor,
                            values: cute.Tensor, gates: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    b, h, _ = cute.arch.block_idx()
    key_tiles = cute.local_tile(keys, (_ROWS, _DEPTH), (None, 0))
    value_tiles = cute.local_tile(values, (_DEPTH, _ROWS), (0, None))
    gate_tiles = cute.local_tile(gates, (1, _DEPTH), (None, 0))
    for c in cutlass.range(_CHUNKS):
        packed = c * _HEADS + h
        _attention(tidx, tiled_mma, queries[None, None, h, b], key_tiles[None, None, packed],
                   value_tiles[None, None, packed])
        cute.printf("{}", gate_tiles[0, 0, packed])


@cute.jit
def packed_head_rows_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, gates: cute.Tensor):
    packed_head_rows_kernel(two_products.tiled_mma(), queries, keys, values, gates).launch(grid=(4, _HEADS, 1),
                                                                                    block=(32, 1, 1))


def compile_packed_head_rows():
    rows = _CHUNKS * _HEADS * _ROWS
    queries = make_fake_compact_tensor(cutlass.Float16, (_ROWS, _DEPTH, _HEADS, 4), stride_order=(1, 0, 2, 3),
                                       assumed_align=16)
    keys = make_fake_compact_tensor(cutlass.Float16, (rows, _DEPTH), stride_order=(1, 0), assumed_align=16)
    values = make_fake_compact_tensor(cutlass.Float16, (_DEPTH, rows), stride_order=(0, 1), assumed_align=16)
    gates = make_fake_compact_tensor(cutlass.Float32, (_CHUNKS * _HEADS, _DEPTH), stride_order=(1, 0))
    return cute.compile(packed_head_rows_host, queries, keys, values, gates)
