"""Compile-only kernel: attention over a paged KV cache, pages looked up in a page table.

`compile_grouped_pages` (sm_80): K and V caches seen as (16 tokens, 64 d, (heads, pages)); a CTA reads the page
number out of a block table (its column the loop over the CTA's pages walks) under an `if` (past the end: one page
past the last, as a TMA zero-fill would) and selects `h + heads * page` of the grouped mode. The queries (16, 64,
(heads, batch)) are selected by `h + heads * b` with b the CTA's own index: their grouped mode stays (heads, batch).
`compile_nested_pages` (sm_80): as `compile_grouped_pages`, but the grouped mode is selected by a nested coordinate,
`(h, page)` leaf by leaf, as TMA partitions of a paged cache are sliced (`tKgK[None, None, 0, ((0, h), page)]`).
`compile_varlen_pages` (sm_80): the queries laid out by the kernel as (16 tokens, 64 d, (h_r, kv heads)) with the
batch packed into the tokens (varlen), from run-time extents, the paged caches as (16, 64, ((h_r, kv heads), pages))
with the same extents and a stride-0 h_r (GQA): the queries' outer head leaf, counted by the extent that counts the
caches' KV heads, is heads too.
`compile_packed_pages` (sm_80): K's heads and pages share one leaf of a `(1, heads * pages)` mode, selected by
`page * heads + h`: that leaf packs two indices and runs along no axis.
`compile_flat_pages` (sm_80): the caches' pages are a mode of their own, (16, 64, heads, pages), selected by an
entry of a flat page list read directly.
`compile_staged_pages` (sm_80): as `compile_flat_pages`, but a (pages, batch) table's column is sliced for the CTA's
batch and its two page ids staged in a register array (`ids[i] = column[2 * blk + i]`) before one of them selects
the pages, as paged MLA decodes stage them for their TMA loads.
S = X Y^T, then O = P V with P converted from S in registers. Names carry no axis letters: the labels must come
from the data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DEPTH = 64
_HEADS = 2
_PAGES = 32
_ROWS = 16
_PAGE = _ROWS * _DEPTH  # elements of one (tokens, d) page of one head


def _grouped(pointer, rows_stride: int, depth_stride: int, outer: int):
    """A (16, 64, (heads, outer)) view of a flat buffer, (tokens, d) blocks head by head."""
    return cute.make_tensor(pointer, cute.make_layout(
        (_ROWS, _DEPTH, (_HEADS, outer)),
        stride=(rows_stride, depth_stride, (_PAGE, _PAGE * _HEADS))))


def _grouped_values(values: cute.Tensor):
    """V's cache as (64 d, 16 tokens, (heads, pages))."""
    return cute.make_tensor(values.iterator, cute.make_layout(
        (_DEPTH, _ROWS, (_HEADS, _PAGES)), stride=(1, _DEPTH, (_PAGE, _PAGE * _HEADS))))


def _attention(tidx, mma, tile_x, tile_y, tile_v):
    two_products.attention_of_tiles(tidx, mma, tile_x, tile_y, tile_v, _ROWS, _DEPTH)


@cute.kernel
def grouped_pages_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                         table: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    b, blk, h = cute.arch.block_idx()
    x = _grouped(queries.iterator, _DEPTH, 1, 4)
    y = _grouped(keys.iterator, _DEPTH, 1, _PAGES)
    v = _grouped_values(values)
    for s in cutlass.range(2):
        page = cutlass.Int32(_PAGES)
        if blk < 4:
            page = table[b, blk * 2 + s]
        at = h + _HEADS * page
        _attention(tidx, tiled_mma, x[None, None, h + _HEADS * b], y[None, None, at], v[None, None, at])


@cute.kernel
def nested_pages_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                        table: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    b, blk, h = cute.arch.block_idx()
    x = _grouped(queries.iterator, _DEPTH, 1, 4)
    y = _grouped(keys.iterator, _DEPTH, 1, _PAGES)
    v = _grouped_values(values)
    page = table[b, blk]
    _attention(tidx, tiled_mma, x[None, None, (h, b)], y[None, None, (h, page)], v[None, None, (h, page)])


@cute.kernel
def varlen_pages_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                        table: cute.Tensor, group: cutlass.Int32, kv_heads: cutlass.Int32, pages: cutlass.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    b, blk, h = cute.arch.block_idx()
    x = cute.make_tensor(queries.iterator, cute.make_layout(
        (_ROWS, _DEPTH, (group, kv_heads)), stride=(_DEPTH, 1, (_PAGE, _PAGE * group))))
    cache = ((group, kv_heads), pages)
    y = cute.make_tensor(keys.iterator, cute.make_layout(
        (_ROWS, _DEPTH, cache), stride=(_DEPTH, 1, ((0, _PAGE), _PAGE * kv_heads))))
    v = cute.make_tensor(values.iterator, cute.make_layout(
        (_DEPTH, _ROWS, cache), stride=(1, _DEPTH, ((0, _PAGE), _PAGE * kv_heads))))
    page = table[b, blk]
    at = ((0, h // group), page)
    _attention(tidx, tiled_mma, x[None, None, h], y[None, None, at], v[None, None, at])


@cute.kernel
def flat_pages_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                      pages: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    b, blk, h = cute.arch.block_idx()
    y = cute.make_tensor(keys.iterator, cute.make_layout(
        (_ROWS, _DEPTH, _HEADS, _PAGES), stride=(_DEPTH, 1, _PAGE, _PAGE * _HEADS)))
    v = cute.make_tensor(values.iterator, cute.make_layout(
        (_DEPTH, _ROWS, _HEADS, _PAGES), stride=(1, _DEPTH, _PAGE, _PAGE * _HEADS)))
    page = pages[blk]
    _attention(tidx, tiled_mma, queries[None, None, h, b], y[None, None, h, page], v[None, None, h, page])


@cute.kernel
def staged_pages_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                        table: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    b, blk, h = cute.arch.block_idx()
    y = cute.make_tensor(keys.iterator, cute.make_layout(
        (_ROWS, _DEPTH, _HEADS, _PAGES), stride=(_DEPTH, 1, _PAGE, _PAGE * _HEADS)))
    v = cute.make_tensor(values.iterator, cute.make_layout(
        (_DEPTH, _ROWS, _HEADS, _PAGES), stride=(1, _DEPTH, _PAGE, _PAGE * _HEADS)))
    column = table[None, b]
    ids = cute.make_rmem_tensor(cute.make_layout(2), cutlass.Int32)
    for i in cutlass.range_constexpr(2):
        ids[i] = column[blk * 2 + i]
    _attention(tidx, tiled_mma, queries[None, None, h, b], y[None, None, h, ids[1]], v[None, None, h, ids[1]])


@cute.kernel
def packed_pages_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                        table: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    b, blk, h = cute.arch.block_idx()
    x = _grouped(queries.iterator, _DEPTH, 1, 4)
    # one leaf for heads and pages together, `page * heads + h`: the (1, heads * pages) mode of a scale grid
    y = cute.make_tensor(keys.iterator, cute.make_layout((_ROWS, _DEPTH, (1, _HEADS * _PAGES)),
                                                         stride=(_DEPTH, 1, (0, _PAGE))))
    v = _grouped_values(values)
    page = table[b, blk]
    _attention(tidx, tiled_mma, x[None, None, h + _HEADS * b], y[None, None, page * _HEADS + h],
               v[None, None, h + _HEADS * page])


@cute.jit
def packed_pages_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, block_table: cute.Tensor):
    table = cute.make_tensor(block_table.iterator, cute.make_layout((4, 8), stride=(8, 1)))  # (batch, pages)
    packed_pages_kernel(two_products.tiled_mma(), queries, keys, values, table).launch(grid=(4, 8, _HEADS),
                                                                                       block=(32, 1, 1))


@cute.jit
def grouped_pages_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, block_table: cute.Tensor):
    table = cute.make_tensor(block_table.iterator, cute.make_layout((4, 8), stride=(8, 1)))  # (batch, pages)
    grouped_pages_kernel(two_products.tiled_mma(), queries, keys, values, table).launch(grid=(4, 8, _HEADS),
                                                                                        block=(32, 1, 1))


@cute.jit
def nested_pages_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, block_table: cute.Tensor):
    table = cute.make_tensor(block_table.iterator, cute.make_layout((4, 8), stride=(8, 1)))  # (batch, pages)
    nested_pages_kernel(two_products.tiled_mma(), queries, keys, values, table).launch(grid=(4, 8, _HEADS),
                                                                                       block=(32, 1, 1))


@cute.jit
def varlen_pages_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, block_table: cute.Tensor,
                      group: cutlass.Int32, kv_heads: cutlass.Int32, pages: cutlass.Int32):
    table = cute.make_tensor(block_table.iterator, cute.make_layout((4, 8), stride=(8, 1)))  # (batch, pages)
    varlen_pages_kernel(two_products.tiled_mma(), queries, keys, values, table, group, kv_heads,
                        pages).launch(grid=(4, 8, _HEADS), block=(32, 1, 1))


@cute.jit
def flat_pages_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, page_list: cute.Tensor):
    pages = cute.make_tensor(page_list.iterator, cute.make_layout(8))
    flat_pages_kernel(two_products.tiled_mma(), queries, keys, values, pages).launch(grid=(4, 8, _HEADS),
                                                                                     block=(32, 1, 1))


@cute.jit
def staged_pages_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, block_table: cute.Tensor):
    table = cute.make_tensor(block_table.iterator, cute.make_layout((16, 4), stride=(1, 16)))  # (pages, batch)
    staged_pages_kernel(two_products.tiled_mma(), queries, keys, values, table).launch(grid=(4, 8, _HEADS),
                                                                                       block=(32, 1, 1))


def _flat(n):
    return make_fake_compact_tensor(cutlass.Float16, (n,), assumed_align=16)


def compile_grouped_pages():
    table = make_fake_compact_tensor(cutlass.Int32, (4, 8), stride_order=(1, 0))
    return cute.compile(grouped_pages_host, _flat(_PAGE * _HEADS * 4), _flat(_PAGE * _HEADS * _PAGES),
                        _flat(_PAGE * _HEADS * _PAGES), table)


def compile_nested_pages():
    table = make_fake_compact_tensor(cutlass.Int32, (4, 8), stride_order=(1, 0))
    return cute.compile(nested_pages_host, _flat(_PAGE * _HEADS * 4), _flat(_PAGE * _HEADS * _PAGES),
                        _flat(_PAGE * _HEADS * _PAGES), table)


def compile_varlen_pages():
    table = make_fake_compact_tensor(cutlass.Int32, (4, 8), stride_order=(1, 0))
    return cute.compile(varlen_pages_host, _flat(_PAGE * _HEADS * 4), _flat(_PAGE * _HEADS * _PAGES),
                        _flat(_PAGE * _HEADS * _PAGES), table, cutlass.Int32(2), cutlass.Int32(1),
                        cutlass.Int32(_PAGES))


def compile_packed_pages():
    table = make_fake_compact_tensor(cutlass.Int32, (4, 8), stride_order=(1, 0))
    return cute.compile(packed_pages_host, _flat(_PAGE * _HEADS * 4), _flat(_PAGE * _HEADS * _PAGES),
                        _flat(_PAGE * _HEADS * _PAGES), table)


def compile_flat_pages():
    queries = make_fake_compact_tensor(cutlass.Float16, (_ROWS, _DEPTH, _HEADS, 4), stride_order=(1, 0, 2, 3),
                                       assumed_align=16)
    pages = make_fake_compact_tensor(cutlass.Int32, (8,))
    return cute.compile(flat_pages_host, queries, _flat(_PAGE * _HEADS * _PAGES), _flat(_PAGE * _HEADS * _PAGES),
                        pages)


def compile_staged_pages():
    queries = make_fake_compact_tensor(cutlass.Float16, (_ROWS, _DEPTH, _HEADS, 4), stride_order=(1, 0, 2, 3),
                                       assumed_align=16)
    table = make_fake_compact_tensor(cutlass.Int32, (4, 16), stride_order=(1, 0))
    return cute.compile(staged_pages_host, queries, _flat(_PAGE * _HEADS * _PAGES), _flat(_PAGE * _HEADS * _PAGES),
                        table)
