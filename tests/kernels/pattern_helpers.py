"""A helper module standing in for a kernel's own utilities (`copy_utils.tma_partition(...)`): the tensors it
makes should show at the caller's line under the caller's names."""

import cutlass.cute as cute


def partition_pair(thr_copy, src, dst):
    tSgS = thr_copy.partition_S(src)
    tDgD = thr_copy.partition_D(dst)
    return tSgS, tDgD


def tile_then_partition(thr_copy, mX, tiler, coord):
    gX = cute.local_tile(mX, tiler, coord)
    return thr_copy.partition_S(gX)


def mma_tile(thr_mma, mX, tiler, coord):
    gX = cute.local_tile(mX, tiler, coord)
    return thr_mma.partition_A(gX)
