"""Compile-only kernel: attention whose queries and keys reach the kernel in one tuple argument.

`compile_bundled` (sm_80): the host views a flat buffer as (16 tokens, 64 d, tiles) twice, queries and keys, of one
type, and launches the kernel with the pair as one argument (`bundle = (x, y)`), as a helper returning a TMA atom,
its tensor and its SMEM layout together is passed; the kernel unpacks it. The keys go as a divide of their view
(d cut into two 32-wide halves, as a TMA helper cuts a box's contiguous mode): a view of the whole tensor, no
tile. The host views are the kernel's queries and keys, each its own. S = X Y^T, then O = P V; names carry no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DEPTH = 64
_ROWS = 16
_TILES = 4


@cute.kernel
def bundled_kernel(tiled_mma: cute.TiledMma, bundle: tuple, values: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    b, _, _ = cute.arch.block_idx()
    queries, keys = bundle
    two_products.attention_of_tiles(tidx, tiled_mma, queries[None, None, b], keys[None, None, 0],
                                    cute.local_tile(values, (_DEPTH, _ROWS), (0, 0)), _ROWS, _DEPTH)


@cute.jit
def bundled_host(flat_x: cute.Tensor, flat_y: cute.Tensor, values: cute.Tensor):
    tiles = cute.make_layout((_ROWS, _DEPTH, _TILES), stride=(_DEPTH, 1, _ROWS * _DEPTH))
    x = cute.make_tensor(flat_x.iterator, tiles)
    y = cute.make_tensor(flat_y.iterator, tiles)
    bundle = (x, cute.logical_divide(y, (None, 32)))  # the keys' d cut in two halves, as a TMA box takes it
    bundled_kernel(two_products.tiled_mma(), bundle, values).launch(grid=(_TILES, 1, 1), block=(32, 1, 1))


def compile_bundled():
    flat = [make_fake_compact_tensor(cutlass.Float16, (_ROWS * _DEPTH * _TILES,), assumed_align=16) for _ in range(2)]
    values = make_fake_compact_tensor(cutlass.Float16, (_DEPTH, _ROWS), stride_order=(0, 1), assumed_align=16)
    return cute.compile(bundled_host, *flat, values)
