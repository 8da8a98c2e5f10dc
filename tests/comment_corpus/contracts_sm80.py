"""Corpus: partition and copy contracts on a small SM80 kernel (CUTE_DSL_ARCH=sm_80).

Each ``compile_*`` compiles one case; ``#: CODE`` marks the finding its call line must produce.
The tiled MMA's tile is 32x16 (M x K); the tiled copy's is 32x32.
"""

# ruff: noqa: F841  (tensors are assigned only to be traced: the names and comments are the data)

import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import warp
from cutlass.cute.runtime import make_fake_compact_tensor


@cute.kernel
def partition_kernel(mA_mk: cute.Tensor, tiled_mma: cute.TiledMma, tiled_copy: cute.TiledCopy,
                     case: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    thr_mma = tiled_mma.get_slice(tidx)
    thr_copy = tiled_copy.get_slice(tidx)
    # (bM, bK, RestK)
    gA = cute.local_tile(mA_mk, (64, 32), (bidx, None))
    # (MMA, MMA_M, MMA_K, RestK)
    tCgA = thr_mma.partition_A(gA)
    # (CPY, CPY_M, CPY_K, RestK)
    tAgA = thr_copy.partition_S(gA)
    # (CPY, CPY_M, CPY_K)
    tArA = cute.make_rmem_tensor(tAgA[None, None, None, 0].shape, cutlass.Float16)
    cute.copy(tiled_copy, tAgA[None, None, None, 0], tArA)
    if cutlass.const_expr(case == "small_tile"):
        gA_small = cute.local_tile(mA_mk, (8, 8), (bidx, None))
        tCgA_small = thr_mma.partition_A(gA_small)  #: CI303
        tAgA_small = thr_copy.partition_S(gA_small)  #: CI303
    if cutlass.const_expr(case == "gemm_shapes"):
        sC = cute.make_rmem_tensor((64, 64), cutlass.Float32)
        # (MMA, MMA_M, MMA_N)
        tCrC = thr_mma.make_fragment_C(thr_mma.partition_C(sC))
        tCrA = thr_mma.make_fragment_A(tCgA[None, None, None, 0])
        # (MMA, MMA_N, MMA_K): B of a 32-wide N tile, where C has 64
        tCrB = thr_mma.make_fragment_B(thr_mma.partition_B(cute.make_rmem_tensor((32, 32), cutlass.Float16)))
        cute.gemm(tiled_mma, tCrC, tCrA[None, None, 0], tCrB[None, None, 0], tCrC)  #: CI305
    if cutlass.const_expr(case == "copy_shapes"):
        tArB = cute.make_rmem_tensor((8, 2, 2), cutlass.Float16)
        cute.copy(tiled_copy, tAgA[None, None, None, 0], tArB)  #: CI304


@cute.jit
def partition_host(mA_mk: cute.Tensor, case: cutlass.Constexpr):
    op = warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((2, 2, 1)))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    tiled_copy = cute.make_tiled_copy_tv(atom, cute.make_layout((32, 4), stride=(4, 1)), cute.make_layout((1, 8)))
    partition_kernel(mA_mk, tiled_mma, tiled_copy, case).launch(grid=(4, 1, 1), block=(128, 1, 1))


def _compile(case):
    a = make_fake_compact_tensor(cutlass.Float16, (256, 512), stride_order=(1, 0), assumed_align=16)
    return cute.compile(partition_host, a, case)


def compile_ok():
    return _compile("ok")


def compile_small_tile():
    return _compile("small_tile")


def compile_gemm_shapes():
    return _compile("gemm_shapes")


def compile_copy_shapes():
    return _compile("copy_shapes")
