"""Small kernels for the tracer's tests: the seed 002 worked examples, compiled for sm_100a with fake tensors."""

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.runtime import make_fake_compact_tensor

from cute_inspect import expect

import helpers

BM, BN, BK = 128, 256, 64


@cute.kernel
def tile_kernel(mA: cute.Tensor, stated_bK: cutlass.Constexpr):
    # (bM, bK, RestK)
    gA = cute.local_tile(mA, (128, 64), (0, None))
    expect(gA, "(bM, bK, RestK)", bM=128, bK=stated_bK)


@cute.jit
def tile_host(mA: cute.Tensor, stated_bK: cutlass.Constexpr):
    tile_kernel(mA, stated_bK).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_tile(stated_bK=64):
    """The seed's first example: local_tile of (1024, 256) by (128, 64) at (0, None)."""
    a = make_fake_compact_tensor(cutlass.Float16, (1024, 256), stride_order=(1, 0), assumed_align=16)
    return cute.compile(tile_host, a, stated_bK)


@cute.kernel
def mma_kernel(tiled_mma: cute.TiledMma, mA_mkl: cute.Tensor, mB_nkl: cute.Tensor):
    # (bM, bK, RestM, RestK, RestL)
    gA_mkl = cute.local_tile(mA_mkl, (BM, BK), (None, None, None))
    # (bN, bK, RestN, RestK, RestL)
    gB_nkl = cute.local_tile(
        mB_nkl,
        (BN, BK),
        (None, None, None),
    )
    thr_mma = tiled_mma.get_slice(0)
    # (MMA, MMA_M, MMA_K, RestM, RestK, RestL)
    tCgA = thr_mma.partition_A(gA_mkl)
    expect(tCgA, "((MMA_M, MMA_K), 1, MMA_RestK, RestM, RestK, RestL)", MMA_M=BM, MMA_RestK=BK // 16)
    tCgB = thr_mma.partition_B(gB_nkl)
    grouped, again = cute.group_modes(tCgA, 0, 3), cute.group_modes(tCgB, 0, 3)
    helper_tile = helpers.tile_in_helper(gA_mkl)


@cute.jit
def mma_host(mA_mkl: cute.Tensor, mB_nkl: cute.Tensor):
    tiled_mma = utils.sm100.make_trivial_tiled_mma(
        cutlass.Float16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, cutlass.Float32,
        tcgen05.CtaGroup.ONE, (BM, BN),
    )
    mma_kernel(tiled_mma, mA_mkl, mB_nkl).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_mma(m=1024, n=1024, k=1024):
    """The seed's second example: bM, bN, bK = 128, 256, 64, fp16 in, fp32 accumulate, on sm_100a."""
    a = make_fake_compact_tensor(cutlass.Float16, (m, k, 1), stride_order=(2, 0, 1), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (n, k, 1), stride_order=(2, 0, 1), assumed_align=16)
    return cute.compile(mma_host, a, b)


def compile_mma_dynamic():
    """The same kernel with run-time M, N, K."""
    a = make_fake_compact_tensor(cutlass.Float16, (cute.sym_int(), cute.sym_int(divisibility=64), 1),
                                 stride_order=(2, 0, 1), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (cute.sym_int(), cute.sym_int(divisibility=64), 1),
                                 stride_order=(2, 0, 1), assumed_align=16)
    return cute.compile(mma_host, a, b)


def compile_wrong():
    """The first example with a check that states the wrong bK."""
    return compile_tile(stated_bK=32)


def broken():
    """A compile function that fails before reaching the DSL."""
    raise RuntimeError("no such tensor")


@cute.kernel
def copy_kernel(mA: cute.Tensor, mB: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gA = cute.local_tile(mA, (128, 64), (bidx, 0))
    gB = cute.local_tile(mB, (128, 64), (bidx, 0))
    expect(gA, "(bM, bK)", bM=128, bK=64)
    threads = cute.make_layout((32, 4), stride=(4, 1))
    # (CPY_M, CPY_K): each thread's share of the tile
    tAgA = cute.local_partition(gA, threads, tidx)
    tBgB = cute.local_partition(gB, threads, tidx)
    expect(tAgA, "(CPY_M, CPY_K)", CPY_M=4, CPY_K=16)
    expect(tBgB, "(CPY_M, CPY_K)")
    cute.autovec_copy(tAgA, tBgB)


@cute.jit
def copy_host(mA: cute.Tensor, mB: cute.Tensor):
    copy_kernel(mA, mB).launch(grid=(8, 1, 1), block=(128, 1, 1))


def compile_copy():
    """A kernel that moves data, so its PTX has real work in it."""
    a = make_fake_compact_tensor(cutlass.Float16, (1024, 64), stride_order=(1, 0), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (1024, 64), stride_order=(1, 0), assumed_align=16)
    return cute.compile(copy_host, a, b)
