"""A compile-only mma.sync GEMM (sm_90a) whose accumulator registers are copied into an SMEM tile of three modes
(rows, 8 columns, 2 column halves) through a view of the registers laid out in the r2s partition's shape, flat: a
view of another rank than the registers ((2, 2), 2, 1), so its size-1 mode is no mode of theirs (the registers' is
their size-1 rest along N; the view's stands for the one row the copy gives each thread)."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass.cute as cute
import cutlass.utils as utils
from cutlass.cute.runtime import make_fake_compact_tensor

from tests.kernels.reduced_out import F16, F32, _mma

TILE = (32, 16, 16)  # M, N, K of one CTA


@cute.kernel
def regs_in_copy_shape_kernel(mma: cute.TiledMma, X: cute.Tensor, W: cute.Tensor, Z: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_x = smem.allocate_tensor(F16, cute.make_layout((TILE[0], TILE[2]), stride=(TILE[2], 1)), 16)
    s_w = smem.allocate_tensor(F16, cute.make_layout((TILE[1], TILE[2]), stride=(TILE[2], 1)), 16)
    s_out = smem.allocate_tensor(F32, cute.make_layout((TILE[0], 8, 2), stride=(8, 1, TILE[0] * 8)), 128)
    cute.autovec_copy(X, s_x)
    cute.autovec_copy(W, s_w)
    thr = mma.get_slice(tidx)
    sums = cute.make_rmem_tensor(thr.partition_C(Z).shape, F32)
    sums.fill(0.0)
    cute.gemm(mma, sums, thr.make_fragment_A(thr.partition_A(s_x)), thr.make_fragment_B(thr.partition_B(s_w)), sums)
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F32, num_bits_per_copy=64)
    r2s = cute.make_tiled_copy_tv(atom, cute.make_layout((TILE[0], 2), stride=(2, 1)), cute.make_layout((1, 2)))
    into = r2s.get_slice(tidx).partition_D(s_out)
    laid = cute.make_tensor(sums.iterator, cute.make_layout((2, 1, 2, 2)))  # the partition's shape, (2, 1) flat
    cute.copy(r2s, laid, into)


@cute.jit
def regs_in_copy_shape_host(X: cute.Tensor, W: cute.Tensor, Z: cute.Tensor):
    regs_in_copy_shape_kernel(_mma(), X, W, Z).launch(grid=(1, 1, 1), block=(64, 1, 1))


def compile_regs_in_copy_shape():
    def fake(dtype, rows, cols):
        return make_fake_compact_tensor(dtype, (rows, cols), stride_order=(1, 0), assumed_align=16)

    return cute.compile(regs_in_copy_shape_host, fake(F16, TILE[0], TILE[2]), fake(F16, TILE[1], TILE[2]),
                        fake(F32, TILE[0], TILE[1]))
