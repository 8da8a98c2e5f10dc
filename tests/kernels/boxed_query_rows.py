"""Compile-only kernel: attention whose 16 query rows are filled by boxes of 8 heads, two tokens' boxes stacked.

`compile_boxed_rows` (sm_80): the queries are a static (8 heads, 64 d, 2 tokens) tensor; a (8, 64, 2) view of the
16-row SMEM query tile takes token t's heads at rows 8 t .. 8 t + 7, so each row holds a (head, token) pair and
the MMA's 16 rows are more than the 8 the heads mode holds: they run along no single axis.
`compile_whole_rows` (sm_80): the same with a (16, 64, 2) query tensor, one token's 16 rows per tile: the queries.
`compile_row_scales` (sm_80): whole rows, and each query row's scale moved one word per thread into an SMEM vector by
views of one element (`make_tensor(scales.iterator + row, (1,))` on both sides), the vector read at each score's row
coordinate: a one-element view holds one row, it packs nothing.
S = X Y^T, then O = P V with P converted from S in registers. Names carry no axis letters: the labels must come
from the data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DEPTH = 64
_ROWS = 16


@cute.kernel
def boxed_rows_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    s_x, s_y, s_v = two_products.smem_tiles(_ROWS, _DEPTH)
    box = cute.size(queries, mode=[0])
    boxes = cute.make_tensor(s_x.iterator, cute.make_layout((box, _DEPTH, _ROWS // box),
                                                            stride=(_DEPTH, 1, box * _DEPTH)))
    for t in cutlass.range_constexpr(_ROWS // box):
        cute.autovec_copy(queries[None, None, t], boxes[None, None, t])
    cute.autovec_copy(cute.local_tile(keys, (_ROWS, _DEPTH), (0, 0)), s_y)
    cute.autovec_copy(cute.local_tile(values, (_DEPTH, _ROWS), (0, 0)), s_v)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    scores = two_products.scores_of(thr, tiled_mma, s_x, s_y, _ROWS)
    two_products.output_of(thr, tiled_mma, two_products.probs_of(thr, scores, _ROWS), s_v, _ROWS, _DEPTH)


@cute.kernel
def row_scales_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                      scales: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    s_x, s_y, s_v = two_products.smem_tiles(_ROWS, _DEPTH)
    smem = cutlass.utils.SmemAllocator()
    s_scale = smem.allocate_tensor(cutlass.Float32, cute.make_layout(_ROWS), 16)
    cute.autovec_copy(queries[None, None, 0], s_x)
    cute.autovec_copy(cute.local_tile(keys, (_ROWS, _DEPTH), (0, 0)), s_y)
    cute.autovec_copy(cute.local_tile(values, (_DEPTH, _ROWS), (0, 0)), s_v)
    if tidx < _ROWS:
        word = cute.make_tensor(scales.iterator + tidx, cute.make_layout((1,)))
        slot = cute.make_tensor(s_scale.iterator + tidx, cute.make_layout((1,)))
        cute.autovec_copy(word, slot)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    scores = two_products.scores_of(thr, tiled_mma, s_x, s_y, _ROWS)
    coords = thr.partition_C(cute.make_identity_tensor((_ROWS, _ROWS)))
    for i in cutlass.range_constexpr(cute.size(scores)):
        scores[i] = scores[i] * s_scale[coords[i][0]]
    two_products.output_of(thr, tiled_mma, two_products.probs_of(thr, scores, _ROWS), s_v, _ROWS, _DEPTH)


@cute.jit
def row_scales_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, scales: cute.Tensor):
    row_scales_kernel(two_products.tiled_mma(), queries, keys, values, scales).launch(grid=(1, 1, 1),
                                                                                      block=(32, 1, 1))


@cute.jit
def boxed_rows_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor):
    boxed_rows_kernel(two_products.tiled_mma(), queries, keys, values).launch(grid=(1, 1, 1), block=(32, 1, 1))


def _compile(box: int):
    queries = make_fake_compact_tensor(cutlass.Float16, (box, _DEPTH, _ROWS // box), stride_order=(1, 0, 2),
                                       assumed_align=16)
    keys = make_fake_compact_tensor(cutlass.Float16, (64, _DEPTH), stride_order=(1, 0), assumed_align=16)
    values = make_fake_compact_tensor(cutlass.Float16, (_DEPTH, 64), stride_order=(0, 1), assumed_align=16)
    return cute.compile(boxed_rows_host, queries, keys, values)


def compile_boxed_rows():
    return _compile(8)


def compile_whole_rows():
    return _compile(_ROWS)


def compile_row_scales():
    queries = make_fake_compact_tensor(cutlass.Float16, (_ROWS, _DEPTH, 2), stride_order=(1, 0, 2), assumed_align=16)
    keys = make_fake_compact_tensor(cutlass.Float16, (64, _DEPTH), stride_order=(1, 0), assumed_align=16)
    values = make_fake_compact_tensor(cutlass.Float16, (_DEPTH, 64), stride_order=(0, 1), assumed_align=16)
    scales = make_fake_compact_tensor(cutlass.Float32, (_ROWS,), assumed_align=16)
    return cute.compile(row_scales_host, queries, keys, values, scales)
