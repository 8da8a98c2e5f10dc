"""Compile-only kernel (sm_80): an indexer's scores over a paged cache, one product and nothing after it.

S = X Y^T by one m16n8k16 TiledMma: X is one sequence's 16 query heads (a static extent one tile covers whole), Y one
page of 16 keys. The cache is a (pages, record) buffer of bytes whose record packs a page's (16 tokens, 64 d) values
and one scale per token after them; the kernel recasts it and views the values as (tokens, d, pages). A warp reads the page ids of its
sequence out of a page table, one per lane, and a shuffle hands lane `blk`'s to every lane. Which sequence a CTA
serves is a field of a per-CTA work list (`work[cta, 0]`). Names carry no axis letters: the labels must come from
the data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DEPTH = 64
_ROWS = 16  # a page's tokens; the query heads of one sequence
_PAGES = 32
_SEQUENCES = 4
_RECORD = _ROWS * _DEPTH + _ROWS  # one page: its values, then a scale per token


@cute.kernel
def paged_scores_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, cache: cute.Tensor, table: cute.Tensor,
                        work: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    cta, blk, _ = cute.arch.block_idx()
    seq = work[cta, 0]
    records = cute.recast_tensor(cache, cutlass.Float16)  # the cache's bytes as (pages, record) halves
    values = cute.make_tensor(records.iterator, cute.make_layout((_ROWS, _DEPTH, _PAGES),
                                                                 stride=(_DEPTH, 1, _RECORD)))
    page = cute.arch.shuffle_sync(table[seq, cute.arch.lane_idx()], blk)
    heads = cute.local_tile(queries[None, None, seq], (_ROWS, _DEPTH), (0, 0))
    s_x, s_y, _ = two_products.smem_tiles(_ROWS, _DEPTH)
    cute.autovec_copy(heads, s_x)
    cute.autovec_copy(values[None, None, page], s_y)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    logits = two_products.scores_of(thr, tiled_mma, s_x, s_y, _ROWS)
    cute.printf("{}", logits[0])


@cute.jit
def paged_scores_host(queries: cute.Tensor, cache: cute.Tensor, table: cute.Tensor, work: cute.Tensor):
    paged_scores_kernel(two_products.tiled_mma(), queries, cache, table, work).launch(grid=(8, 32, 1),
                                                                                    block=(32, 1, 1))


def compile_paged_scores():
    queries = make_fake_compact_tensor(cutlass.Float16, (_ROWS, _DEPTH, _SEQUENCES), stride_order=(1, 0, 2),
                                       assumed_align=16)
    cache = make_fake_compact_tensor(cutlass.Uint8, (_PAGES, 2 * _RECORD), stride_order=(1, 0), assumed_align=16)
    table = make_fake_compact_tensor(cutlass.Int32, (_SEQUENCES, 32), stride_order=(1, 0))
    work = make_fake_compact_tensor(cutlass.Int32, (8, 2), stride_order=(1, 0))
    return cute.compile(paged_scores_host, queries, cache, table, work)
