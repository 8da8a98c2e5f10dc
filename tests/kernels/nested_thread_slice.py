"""Compile-only kernel: a row argmax that reads its columns through a (thread, value) view of the tile's coordinates
whose value mode is nested (4 contiguous columns, 2 blocks of them), sliced `[tidx, (None, None)]`.

`compile_nested_values` (sm_90a): rows of 256 columns, 2 rows per 64-thread CTA; each thread walks its 8 columns'
coordinates, keeps the largest value's column and writes it per thread. The view is the thread's partition made by
hand whatever the slice's value coordinate looks like: `None` or a nested `(None, None)`. Names carry no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_ROWS, _COLS, _PER_ROW, _VEC, _BLOCKS = 2, 256, 32, 4, 2


@cute.kernel
def nested_values_kernel(src: cute.Tensor, best: cute.Tensor, tv_layout: cute.Layout):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    coords = cute.make_identity_tensor(src.shape)
    tile_coords = cute.local_tile(coords, (_ROWS, _COLS), (bidx, 0))
    by_thread = cute.composition(tile_coords, tv_layout)
    mine = by_thread[(tidx, (None, None))]
    top = -cutlass.Float32.inf
    at = cutlass.Int32(0)
    for i in cutlass.range_constexpr(_VEC):
        for j in cutlass.range_constexpr(_BLOCKS):
            row, col = mine[i, j]
            value = src[row, col].to(cutlass.Float32)
            if value > top:
                top = value
                at = cutlass.Int32(col)
    best[bidx * _ROWS * _PER_ROW + tidx] = at


@cute.jit
def nested_values_host(src: cute.Tensor, best: cute.Tensor):
    tv_layout = cute.make_layout(((_PER_ROW, _ROWS), (_VEC, _BLOCKS)),
                                 stride=((_VEC * _ROWS, 1), (_ROWS, _ROWS * _VEC * _PER_ROW)))
    nested_values_kernel(src, best, tv_layout).launch(grid=(cute.ceil_div(src.shape[0], _ROWS), 1, 1),
                                                      block=(_ROWS * _PER_ROW, 1, 1))


def compile_nested_values():
    src = make_fake_compact_tensor(cutlass.BFloat16, (64, _COLS), stride_order=(1, 0), assumed_align=16)
    best = make_fake_compact_tensor(cutlass.Int32, (64 * _PER_ROW,), stride_order=(0,), assumed_align=4)
    return cute.compile(nested_values_host, src, best)
