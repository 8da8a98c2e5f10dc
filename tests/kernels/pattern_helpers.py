"""A helper module standing in for a kernel's own utilities (`copy_utils.tma_partition(...)`): the tensors it
makes should show at the caller's line under the caller's names."""

import cutlass.cute as cute


def partition_pair(thr_copy, src, dst):
    s = thr_copy.partition_S(src)
    d = thr_copy.partition_D(dst)
    return s, d


def tile_then_partition(thr_copy, mX, tiler, coord):
    gX = cute.local_tile(mX, tiler, coord)
    return thr_copy.partition_S(gX)
