"""Compile-only kernels for the data flow of epilogues, metadata and reductions, named so that no name says a
mode's axis or level: the labels must come from the calls that made the tensors."""

# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TILER = (64, 64, 32)
PITCH = 72  # a padded SMEM row, as a bulk copy of rows wants


def _mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))


@cute.kernel
def staged_kernel(tiled_mma: cute.TiledMma, tiled_copy: cute.TiledCopy, X: cute.Tensor, W: cute.Tensor,
                  rows: cute.Tensor, tiles: cute.Int32):
    """The accumulator made from a coordinate partition's shape, retiled by a copy built from the MMA's C layout
    and written, subtile by subtile, into a padded SMEM buffer (fused-finalize MoE's epilogue)."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gX = cute.local_tile(X, TILER, (bidx, 0, None), proj=(1, None, 1))
    gW = cute.local_tile(W, TILER, (0, 0, None), proj=(None, 1, 1))
    thr = tiled_mma.get_slice(tidx)
    first = tiled_mma.make_fragment_A(thr.partition_A(gX)[None, None, None, 0])
    second = tiled_mma.make_fragment_B(thr.partition_B(gW)[None, None, None, 0])
    grid = cute.make_identity_tensor((64, 64, 1))
    tgrid = thr.partition_C(grid)
    held = cute.make_rmem_tensor(tgrid.shape[:3], cutlass.Float32)
    cute.gemm(tiled_mma, held, first, second, held)

    smem = cutlass.utils.SmemAllocator()
    buf = smem.allocate_tensor(cutlass.Float16, cute.make_layout((64, 64, 1), stride=(PITCH, 1, 64 * PITCH)))
    table = smem.allocate_tensor(cutlass.Int32, cute.make_layout((64, 2), stride=(1, 64)))
    thr_copy = tiled_copy.get_slice(tidx)
    view = tiled_copy.retile(held)
    pos = cute.make_identity_tensor((32, 32))
    tpos = thr_copy.partition_D(pos)
    out = cute.make_rmem_tensor(tpos.shape, cutlass.Float16)
    flat = buf[(None, None, 0)]
    for t in cutlass.range(tiles, unroll=1):  # a dynamic loop hands the copy in as a new value
        for i in cutlass.range_constexpr(2):
            for j in cutlass.range_constexpr(2):
                for v in cutlass.range_constexpr(cute.size(out)):
                    out[v] = cutlass.Float16(view[(i * 2 + j) * cute.size(out) + v] * 2.0)
                part = cute.local_tile(flat, (32, 32), (i, j))
                tpart = thr_copy.partition_D(part)
                cute.copy(tiled_copy, out, tpart)
        table[(tidx % 64, t % 2)] = rows[tidx % 64]


@cute.jit
def staged_host(X: cute.Tensor, W: cute.Tensor, rows: cute.Tensor):
    tiled_mma = _mma()
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16)
    tiled_copy = cute.make_tiled_copy_C(atom, tiled_mma)
    staged_kernel(tiled_mma, tiled_copy, X, W, rows, cutlass.Int32(2)).launch(grid=(1, 1, 1), block=(128, 1, 1))


def _fake(dtype, shape, order):
    return make_fake_compact_tensor(dtype, shape, stride_order=order, assumed_align=16)


def compile_staged():
    return cute.compile(staged_host, _fake(cutlass.Float16, (64, 128), (1, 0)),
                        _fake(cutlass.Float16, (64, 128), (1, 0)), _fake(cutlass.Int32, (64,), (0,)))
