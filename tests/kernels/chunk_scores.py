"""Compile-only kernels laid out as a chunked scan lays its inputs: every tensor `(chunks, tokens, 1, width)` with
static extents, one CTA per chunk (the block index picks the chunk), the chunk's 64 tokens covered by one tile.

`compile_chunk_scores` (sm_80): S = Q K^T of a chunk's queries against the same chunk's keys, then O = P V, by one
mma.sync TiledMma: the keys fit one tile as the rows do, so the rows are the chunk's queries, not heads.
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_N = 64


def _attention(tiled_mma: cute.TiledMma, tile: cute.Tensor, y: cute.Tensor, z: cute.Tensor, tidx):
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sy = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sz = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    szt = cute.composition(sz, cute.make_layout((_N, _N), stride=(1, _N)))
    cute.autovec_copy(tile, sx)
    cute.autovec_copy(y, sy)
    cute.autovec_copy(z, sz)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fy = thr.make_fragment_B(thr.partition_B(sy))
    fzt = thr.make_fragment_B(thr.partition_B(szt))
    cute.autovec_copy(thr.partition_A(sx), fx)
    cute.autovec_copy(thr.partition_B(sy), fy)
    cute.autovec_copy(thr.partition_B(szt), fzt)
    scores = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    scores.fill(0.0)
    cute.gemm(tiled_mma, scores, fx, fy, scores)
    half = cute.make_fragment_like(scores, cutlass.Float16)
    half.store(scores.load().to(cutlass.Float16))
    split = cute.logical_divide(half.layout, (None, None, 2))
    as_a = cute.make_tensor(half.iterator, cute.make_layout(
        ((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
        stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1])))
    out = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    out.fill(0.0)
    cute.gemm(tiled_mma, out, as_a, fzt, out)
    return out


@cute.kernel
def chunk_scores_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    chunk, _, _ = cute.arch.block_idx()
    tile = cute.local_tile(x[chunk, None, 0, None], (_N, _N), (0, 0))
    keys = cute.local_tile(y[chunk, None, 0, None], (_N, _N), (0, 0))
    values = cute.local_tile(z[chunk, None, 0, None], (_N, _N), (0, 0))
    cute.printf("{}", _attention(tiled_mma, tile, keys, values, tidx)[0])


def _mma() -> cute.TiledMma:
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))


@cute.jit
def chunk_scores_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    chunk_scores_kernel(_mma(), x, y, z).launch(grid=(512, 1, 1), block=(128, 1, 1))


def _chunked():
    return make_fake_compact_tensor(cutlass.Float16, (512, _N, 1, _N), stride_order=(3, 2, 1, 0), assumed_align=16)


def compile_chunk_scores():
    return cute.compile(chunk_scores_host, _chunked(), _chunked(), _chunked())

