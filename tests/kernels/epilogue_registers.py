"""A compile-only mma.sync GEMM epilogue (sm_80): registers made from the shape of the r2s copy's SMEM-side
partition with its stage mode sliced away (`make_rmem_tensor(make_layout(shape(partition_S(sC))[:3]).shape)`,
the partition an unbound temporary) hold that partition's values, the store's; their compact layout happens to
regroup the accumulator's leaves, which says nothing about what they hold."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (16, 64, 16)  # M, N, K of one CTA
F16, F32 = cutlass.Float16, cutlass.Float32


def _mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(F16, F32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((1, 2, 1)))


@cute.kernel
def staged_out_kernel(mma: cute.TiledMma, X: cute.Tensor, W: cute.Tensor, Z: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_x = smem.allocate_tensor(F16, cute.make_layout((TILE[0], TILE[2]), stride=(TILE[2], 1)), 16)
    s_w = smem.allocate_tensor(F16, cute.make_layout((TILE[1], TILE[2]), stride=(TILE[2], 1)), 16)
    s_z = smem.allocate_tensor(F16, cute.make_layout((TILE[0], TILE[1], 1), stride=(TILE[1], 1, 0)), 16)
    cute.autovec_copy(X, s_x)
    cute.autovec_copy(W, s_w)
    thr = mma.get_slice(tidx)
    tiles = thr.partition_C(Z)
    sums = cute.make_rmem_tensor(tiles.shape, F32)
    sums.fill(0.0)
    cute.gemm(mma, sums, thr.make_fragment_A(thr.partition_A(s_x)), thr.make_fragment_B(thr.partition_B(s_w)), sums)
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F16)
    r2s = cute.make_tiled_copy_S(atom, cute.make_tiled_copy_C_atom(atom, mma))
    lane = r2s.get_slice(tidx)
    into = lane.partition_D(s_z)
    held = r2s.retile(sums)
    regs = cute.make_rmem_tensor(cute.make_layout(cute.shape(lane.partition_S(s_z))[:3]).shape, F32)
    for i in cutlass.range_constexpr(cute.size(regs)):
        regs[i] = held[i]
    out = cute.make_rmem_tensor(regs.shape, F16)
    out.store(regs.load().to(F16))
    cute.copy(r2s, out, into[None, None, None, 0])


@cute.jit
def staged_out_host(X: cute.Tensor, W: cute.Tensor, Z: cute.Tensor):
    staged_out_kernel(_mma(), X, W, Z).launch(grid=(1, 1, 1), block=(64, 1, 1))


def compile_staged_out():
    def fake(rows, cols):
        return make_fake_compact_tensor(F16, (rows, cols), stride_order=(1, 0), assumed_align=16)

    return cute.compile(staged_out_host, fake(TILE[0], TILE[2]), fake(TILE[1], TILE[2]), fake(TILE[0], TILE[1]))
