"""Corpus: shape comments, right and wrong, on a small SM80 tensor-core kernel (compile with CUTE_DSL_ARCH=sm_80).

A trailing ``#: CODE`` marks the finding a comment line must produce; unmarked comments must produce none.
Tile 64x32 of A, 64x32 of B, a 32x16 tiled MMA (2x2 atoms of 16x8x16): MMA_M = MMA_K = 2, MMA_N = 4.
"""

# ruff: noqa: F841  (tensors are assigned only to be traced: the names and comments are the data)

import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import warp
from cutlass.cute.runtime import make_fake_compact_tensor


@cute.kernel
def comment_kernel(mA_mk: cute.Tensor, mB_nk: cute.Tensor, mC_mn: cute.Tensor, tiled_mma: cute.TiledMma,
                   tiled_copy: cute.TiledCopy):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, bidy, _ = cute.arch.block_idx()
    # right: the usual forms
    # (bM, bK, RestK)
    gA = cute.local_tile(mA_mk, (64, 32), (bidx, None))
    gB = cute.local_tile(mB_nk, (64, 32), (bidy, None))  # (bN, bK, RestK)
    # gC: (bM, bN)
    gC = cute.local_tile(mC_mn, (64, 64), (bidx, bidy))
    thr_mma = tiled_mma.get_slice(tidx)
    # (MMA, MMA_M, MMA_K, RestK)
    tCgA = thr_mma.partition_A(gA)
    # (MMA, MMA_N, MMA_K, RestK)
    tCgB = thr_mma.partition_B(gB)
    # (MMA, MMA_M, MMA_N)
    tCgC = thr_mma.partition_C(gC)
    thr_copy = tiled_copy.get_slice(tidx)
    # (CPY, CPY_M, CPY_K, RestK)
    tAgA = thr_copy.partition_S(gA)

    # wrong: one of each kind
    # (MMA, MMA_M, MMA_K)  #: CI201
    tCgA_short = thr_mma.partition_A(gA)
    # ((V0, V1, V2, V3), MMA_M, MMA_N)  #: CI201
    tCgC_nested = thr_mma.partition_C(gC)
    # (64, 16, RestK)  #: CI202
    gA_literal = cute.local_tile(mA_mk, (64, 32), (bidx, None))
    # (T, T, RestK)  #: CI203
    gA_twice = cute.local_tile(mA_mk, (64, 32), (bidx, None))
    # (bM, bK, RestK)  #: CI203
    gA_small = cute.local_tile(mA_mk, (32, 32), (bidx, None))
    # (MMA, X, X, RestK)  #: CI204
    tCgA_same = thr_mma.partition_A(gA)
    # (MMA, MMA_M, MMA_K, STAGE)  #: CI205
    tCgA_stage = thr_mma.partition_A(gA)
    # (MMA, MMA_M, MMA_K, RestK)  #: CI205
    tCgB_copied = thr_mma.partition_B(gB)
    gC_axis = cute.local_tile(mC_mn, (64, 64), (bidx, bidy))  # (bM, bK)  #: CI205
    # (bM, 32)  # noqa: CI202
    gC_silenced = cute.local_tile(mC_mn, (64, 64), (bidx, bidy))
    # (MMA, ..., RestK)
    tCgA_variadic = thr_mma.partition_A(gA)
    # (MMA, ..., STAGE)  #: CI205
    tCgA_variadic_stage = thr_mma.partition_A(gA)


def _mma_and_copy():
    op = warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((2, 2, 1)))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    tiled_copy = cute.make_tiled_copy_tv(atom, cute.make_layout((32, 4), stride=(4, 1)), cute.make_layout((1, 8)))
    return tiled_mma, tiled_copy


@cute.jit
def comment_host(mA_mk: cute.Tensor, mB_nk: cute.Tensor, mC_mn: cute.Tensor):
    tiled_mma, tiled_copy = _mma_and_copy()
    comment_kernel(mA_mk, mB_nk, mC_mn, tiled_mma, tiled_copy).launch(grid=(4, 4, 1), block=(128, 1, 1))


def _tensors(m=256, n=256, k=512):
    a = make_fake_compact_tensor(cutlass.Float16, (m, k), stride_order=(1, 0), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (n, k), stride_order=(1, 0), assumed_align=16)
    c = make_fake_compact_tensor(cutlass.Float16, (m, n), stride_order=(1, 0), assumed_align=16)
    return a, b, c


def compile_comments():
    return cute.compile(comment_host, *_tensors())
