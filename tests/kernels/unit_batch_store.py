"""Compile-only GEMM (sm_90a, one m16n8k16 warp): operands given a batch of one by a view, the output laid out with a
batch mode one of whose leaves walks the rows, and stored by a TMA `block_copy` of a tile with a batch mode of one.

- `a_batched`: A's view `a_view` viewed (M, K, 1) over its iterator with strides (its own, Int32(0)): the appended mode of stride 0
  repeats nothing (no pipeline stage): the batch L.
- `laid`: C laid out (M, N, (1, M + 1)) over strides (N, 1, (0, N)), as a grouped GEMM lays its output so that an
  expert's rows start at a run-time row: the batch mode's second leaf steps N elements, as the rows do: M.
- the epilogue converts the accumulator, writes it into `staged` (r2s) and `block_copy`s it into the output's tile
  `(64, 64, 1)` cut by `zipped_divide`: the tile's batch mode of one element holds nothing of it, so the global tile
  and the staging buffer are one tile (M, N), and the divide of the output tile is the epilogue's.
Names carry no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.block import block_copy
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

TILE = 64


@cute.kernel
def unit_batch_kernel(tiled_mma: cute.TiledMma, a_batched: cute.Tensor, b: cute.Tensor, store_atom: cute.CopyAtom,
                      out: cute.Tensor, staged_layout: cute.Layout):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    s_a, s_b, _ = two_products.smem_tiles(TILE, TILE)
    staged = smem.allocate_tensor(cutlass.Float16, staged_layout, byte_alignment=128)
    cute.autovec_copy(cute.local_tile(a_batched[None, None, 0], (TILE, TILE), (0, 0)), s_a)
    cute.autovec_copy(cute.local_tile(b, (TILE, TILE), (0, 0)), s_b)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    acc = two_products.scores_of(thr, tiled_mma, s_a, s_b, TILE)
    converted = cute.make_fragment_like(acc, cutlass.Float16)
    converted.store(acc.load().to(cutlass.Float16))
    r2s = cute.make_tiled_copy_C(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16), tiled_mma)
    thr_r2s = r2s.get_slice(tidx)
    cute.copy(r2s, thr_r2s.retile(converted), thr_r2s.partition_D(staged))
    cute.arch.fence_proxy("async.shared", space="cta")
    cute.arch.sync_threads()
    out_tile = cute.local_tile(out, (TILE, TILE, 1), (0, 0, 0))
    subtiles = cute.zipped_divide(out_tile, (TILE, TILE, 1))
    gmem_side = cute.group_modes(subtiles, 0, cute.rank(subtiles) - 1)
    block_copy(store_atom, cute.group_modes(staged, 0, 2), gmem_side[(None, 0)])


@cute.jit
def unit_batch_host(a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
    one, zero = cutlass.Int32(1), cutlass.Int32(0)
    a_view = cute.make_tensor(a.iterator, cute.make_layout(a.shape, stride=a.stride))
    a_batched = cute.make_tensor(a_view.iterator, cute.make_layout((a_view.shape[0], a_view.shape[1], one),
                                                                   stride=(a_view.stride[0], a_view.stride[1], zero)))
    rows, cols = c.shape
    laid = cute.make_tensor(c.iterator, cute.make_layout((rows, cols, (1, rows + 1)), stride=(cols, 1, (0, cols))))
    staged_layout = cute.make_layout((TILE, TILE), stride=(TILE, 1))
    store_atom, out = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileS2GOp(), laid, staged_layout,
                                                  (TILE, TILE))
    unit_batch_kernel(two_products.tiled_mma(), a_batched, b, store_atom, out, staged_layout).launch(
        grid=(1, 1, 1), block=(32, 1, 1))


def compile_unit_batch_store():
    a = make_fake_compact_tensor(cutlass.Float16, (TILE, TILE), stride_order=(1, 0), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (TILE, TILE), stride_order=(1, 0), assumed_align=16)
    c = make_fake_compact_tensor(cutlass.Float16, (TILE, TILE), stride_order=(1, 0), assumed_align=16)
    return cute.compile(unit_batch_host, a, b, c)
