"""A compile-only Ampere warp-MMA step whose A operand sits in a flat SMEM ring (one mode of two tiles' elements)
that the code reads only for its address: the tile the MMA partitions is laid by hand at that address plus a slot's
offset (`make_tensor(make_ptr(f16, ring.iterator.toint() + offset, smem), tile_layout)`). The tile is the MMA's
operand, and the ring an operand buffer whose one leaf packs the tiles' rows and K columns, so it runs along no one
axis, whatever its name (`sA`) suggests."""

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
from cutlass.cute.nvgpu import warp
from cutlass.cute.runtime import make_fake_compact_tensor

M, N, K = 16, 8, 16
SLOTS = 2
F16, F32 = cutlass.Float16, cutlass.Float32


@cute.kernel
def flat_ring_kernel(mma: cute.TiledMma, out: cute.Tensor):
    smem = utils.SmemAllocator()
    sA = smem.allocate_tensor(F16, cute.make_layout((SLOTS * M * K,), stride=(1,)), 16)
    other = smem.allocate_tensor(F16, cute.make_layout((N, K), stride=(K, 1)), 16)
    base = sA.iterator.toint()
    tile = cute.make_tensor(cute.make_ptr(F16, base + cutlass.Int32(M * K * 2), cute.AddressSpace.smem,
                                          assumed_align=16),
                            cute.make_layout((M, K), stride=(K, 1)))
    tidx, _, _ = cute.arch.thread_idx()
    thr = mma.get_slice(tidx)
    tCsA, tCsB = thr.partition_A(tile), thr.partition_B(other)
    tCrA, tCrB = thr.make_fragment_A(tCsA), thr.make_fragment_B(tCsB)
    result = cute.make_rmem_tensor(thr.partition_shape_C((M, N)), F32)
    result.fill(0.0)
    cute.autovec_copy(tCsA, tCrA)
    cute.autovec_copy(tCsB, tCrB)
    cute.gemm(mma, result, tCrA, tCrB, result)
    cute.autovec_copy(result, thr.partition_C(out))


@cute.jit
def flat_ring_host(out: cute.Tensor):
    mma = cute.make_tiled_mma(warp.MmaF16BF16Op(F16, F32, (16, 8, 16)))
    flat_ring_kernel(mma, out).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_flat_ring():
    out = make_fake_compact_tensor(F32, (M, N), stride_order=(1, 0), assumed_align=16)
    return cute.compile(flat_ring_host, out)
