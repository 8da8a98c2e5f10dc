"""Compile-only kernel: one TiledMma issues two different products (attention's S = Q K^T and O = P V), as CUTLASS's
Ampere flash attention does. Names carry no axis letters: the labels must come from the data flow."""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor


@cute.kernel
def two_products_kernel(tiled_mma: cute.TiledMma, X: cute.Tensor, Y: cute.Tensor, Z: cute.Tensor):
    """X (rows, depth), Y (cols, depth): first = X Y^T, then second = first Yt^T with Yt the (depth, cols) view of
    Y's memory (keys and values in one buffer, as MLA's latent cache), one tiled_mma. Z is not read."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    tx = cute.local_tile(X[None, None, bidx], (64, 64), (0, 0))
    ty = cute.local_tile(Y[None, None, bidx], (64, 64), (0, 0))
    Yt = cute.make_tensor(Y.iterator, cute.select(Y.layout, mode=[1, 0, 2]))
    tz = cute.local_tile(Yt[None, None, bidx], (64, 64), (0, 0))
    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(tx))
    fy = thr.make_fragment_B(thr.partition_B(ty))
    fz = thr.make_fragment_B(thr.partition_B(tz))
    second = cute.make_rmem_tensor(thr.partition_shape_C((64, 64)), cutlass.Float32)
    first = cute.make_rmem_tensor(thr.partition_shape_C((64, 64)), cutlass.Float32)
    cute.gemm(tiled_mma, first, fx, fy, first)
    half = cute.make_fragment_like(first, cutlass.Float16)
    half.store(first.load().to(cutlass.Float16))
    # (C values, MMA_M, MMA_N) -> ((C values, 2 n8 atoms), MMA_M, MMA_N / 2): the A operand of the second product
    split = cute.logical_divide(half.layout, (None, None, 2))
    as_a = cute.make_layout(((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
                            stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1]))
    operand = cute.make_tensor(half.iterator, as_a)
    cute.gemm(tiled_mma, second, operand, fz, second)
    tiles = cute.flat_divide(X[None, None, bidx], (64, 64))  # an operand's tiles along the second product's axes
    thr.partition_A(tiles)
    counts = cute.make_identity_tensor(X.layout.shape)  # X's coordinates, through its layout's shape
    cute.printf("{}", counts[0])


@cute.jit
def two_products_host(X: cute.Tensor, Y: cute.Tensor, Z: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    two_products_kernel(tiled_mma, X, Y, Z).launch(grid=(2, 1, 1), block=(128, 1, 1))


def compile_two_products():
    def fake(shape):
        return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0, 2), assumed_align=16)
    return cute.compile(two_products_host, fake((64, 64, 2)), fake((64, 64, 2)), fake((64, 64, 2)))
