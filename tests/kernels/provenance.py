"""Compile-only kernels whose names say nothing about their modes: the labels must come from the data flow."""

# The names are untyped on purpose (that is what the tests measure), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TILER = (64, 64, 32)


def _mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))


def _operand_fragment(tiled_mma, partition):
    frag = tiled_mma.make_fragment_A(partition)
    return frag


@cute.kernel
def assign_kernel(tiled_mma: cute.TiledMma, X: cute.Tensor, centroids: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gX = cute.local_tile(X, TILER, (bidx, 0, None), proj=(1, None, 1))
    gCent = cute.local_tile(centroids, TILER, (bidx, 0, None), proj=(None, 1, 1))
    gOut = cute.local_tile(out, TILER, (bidx, 0, None), proj=(1, 1, None))
    thr = tiled_mma.get_slice(tidx)
    tXgX = thr.partition_A(gX)
    C = thr.partition_B(gCent)  # named C, enters B's slot
    frag = _operand_fragment(tiled_mma, tXgX[None, None, None, 0])
    fragB = tiled_mma.make_fragment_B(C[None, None, None, 0])
    acc = tiled_mma.make_fragment_C(thr.partition_C(gOut))
    cute.gemm(tiled_mma, acc, frag, fragB, acc)
    like = cute.make_fragment_like(acc)
    coords = cute.make_identity_tensor((256, 256))
    tile_coords = cute.local_tile(coords, TILER, (bidx, 0, None), proj=(1, 1, None))
    subtiles = cute.flat_divide(tile_coords, (32, 32))
    out_t = cute.make_tensor(gOut.iterator, cute.select(gOut.layout, mode=[1, 0]))
    smem = cutlass.utils.SmemAllocator()
    counts = smem.allocate_tensor(cutlass.Int32, cute.make_layout(8))
    counts[tidx % 8] = cutlass.Int32(0)


@cute.jit
def assign_host(X: cute.Tensor, centroids: cute.Tensor, out: cute.Tensor):
    assign_kernel(_mma(), X, centroids, out).launch(grid=(4, 1, 1), block=(128, 1, 1))


def _fake(shape):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_assign():
    """k-means-like: X (M, K) against centroids (N, K), nothing named with axis letters."""
    return cute.compile(assign_host, _fake((256, 128)), _fake((256, 128)), _fake((256, 256)))
