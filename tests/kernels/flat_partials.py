"""Compile-only kernel: a GEMM whose warps sum partial accumulators through a flat SMEM buffer. The buffer is
allocated as (warps, elements), and each warp lays its slice out as the (rows, columns) tile of the output, so one
view splits the buffer's single element mode into two modes the MMA's partition_C then calls M and N. Names carry
no axis letters: the labels must come from the data flow."""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

ROWS, COLS, DEPTH, WARPS = 16, 32, 64, 4


@cute.kernel
def partial_sums_kernel(tiled_mma: cute.TiledMma, left: cute.Tensor, right: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, bidy, _ = cute.arch.block_idx()
    warp = tidx // 32
    tiler = (ROWS, COLS, DEPTH)
    lt = cute.local_tile(left, tiler, (bidx, bidy, None), proj=(1, None, 1))
    rt = cute.local_tile(right, tiler, (bidx, bidy, None), proj=(None, 1, 1))
    ot = cute.local_tile(out, tiler, (bidx, bidy, None), proj=(1, 1, None))
    thr = tiled_mma.get_slice(tidx % 32)
    fl = thr.make_fragment_A(thr.partition_A(lt[None, None, warp]))
    fr = thr.make_fragment_B(thr.partition_B(rt[None, None, warp]))
    acc = thr.make_fragment_C(thr.partition_C(ot))
    acc.fill(0.0)
    cute.gemm(tiled_mma, acc, fl, fr, acc)
    # (warp, element): one warp's partial (rows x columns) per row of the buffer
    flat = cute.make_tensor(cute.arch.alloc_smem(cutlass.Float32, WARPS * ROWS * COLS, alignment=16),
                            cute.make_layout((WARPS, ROWS * COLS), stride=(ROWS * COLS, 1)))
    mine = cute.make_tensor(cute.domain_offset((warp, 0), flat).iterator,
                            cute.make_layout((ROWS, COLS), stride=(COLS, 1)))
    cute.autovec_copy(acc, thr.partition_C(mine))
    cute.arch.sync_threads()
    if tidx < ROWS * COLS // 4:
        total = flat[None, tidx].load().reduce(cute.ReductionOp.ADD, init_val=cutlass.Float32(0.0),
                                               reduction_profile=0)
        ot[tidx // COLS, tidx % COLS] = total


@cute.jit
def partial_sums_host(left: cute.Tensor, right: cute.Tensor, out: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((1, 1, 1)), permutation_mnk=(ROWS, COLS, 16))
    partial_sums_kernel(tiled_mma, left, right, out).launch(grid=(2, 2, 1), block=(32 * WARPS, 1, 1))


def compile_partial_sums():
    def fake(dtype, shape):
        return make_fake_compact_tensor(dtype, shape, stride_order=(1, 0), assumed_align=16)
    return cute.compile(partial_sums_host, fake(cutlass.Float16, (32, 256)), fake(cutlass.Float16, (64, 256)),
                        fake(cutlass.Float32, (32, 64)))
