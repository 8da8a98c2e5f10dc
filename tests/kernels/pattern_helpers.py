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


def aligned(t):
    """A kernel parameter rebuilt over its own pointer (flash-attention's `assume_tensor_aligned`)."""
    return cute.make_tensor(t.iterator, cute.make_layout(t.shape, stride=t.stride))


def row_of(mX, row):
    """A kernel parameter first sliced here, not in the kernel (flash-attention's `offset_batch_Q`)."""
    return mX[row, None]


def subscription_shim(original):
    """A package's own `Tensor.__getitem__` over CuTe's (quack's `:` and `...` indexing)."""

    def _getitem(self, idx):
        return original(self, idx)

    return _getitem


def allocate(smem, dtype, layout):
    """SMEM a helper module allocates for the kernel (a base class's `_allocate_reduction_buffer`)."""
    return smem.allocate_tensor(dtype, layout, byte_alignment=16)
