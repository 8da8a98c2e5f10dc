"""Per-row softmax statistics of an mma.sync accumulator whose thread holds several rows per leaf of two (the C
atom's row +8 and two m16 tiles along M: rows `(2, 2)`), kept the way attention forward kernels keep them: arrays
made from a bare count, fragments made like them, and a global per-row output partitioned as the accumulator."""

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TILE_M, TILE_N, TILE_K = 32, 32, 16  # one warp: two m16 tiles along M, four n8 atoms along N
ROWS = 4  # rows a thread holds: the C atom's 2 (row +8) x 2 tiles


@cute.kernel
def row_stats_kernel(tiled_mma: cute.TiledMma, a: cute.Tensor, b: cute.Tensor, per_row: cute.Tensor):
    """`top[r]` the row max of `by_rows[r, None]`; `prev` a fragment like `top` read and written by compile-time
    indices only; `scale` a fragment like `top` indexed beside the rows; `inv` a fragment like `norm`, `inv[r] = 1 /
    norm[r]` in one loop, `inv[r]` beside the rows in another (`norm` nowhere else); `total` written only into the per-row output's view partitioned
    as the accumulator (`out_mn[m, 0] = total[m]`); `again` a fragment like `halves`, itself like `seed` (both
    read by compile-time indices only), `again[r]` beside the rows."""
    tidx, _, _ = cute.arch.thread_idx()
    thr = tiled_mma.get_slice(tidx)
    acc = cute.make_rmem_tensor(thr.partition_shape_C((TILE_M, TILE_N)), cutlass.Float32)
    acc.fill(0.0)  # the products' operands stay unloaded: only the accumulator's layout matters here
    cute.gemm(tiled_mma, acc, thr.make_fragment_A(thr.partition_A(a)), thr.make_fragment_B(thr.partition_B(b)), acc)
    # ((2,2),2,4) read as ((row +8, tile), (column, n8 atom))
    by_rows = cute.make_tensor(acc.iterator, cute.make_layout(((2, 2), (2, 4)), stride=((2, 4), (1, 8))))
    top = cute.make_rmem_tensor(ROWS, cutlass.Float32)
    prev = cute.make_fragment_like(top, cutlass.Float32)
    scale = cute.make_fragment_like(top, cutlass.Float32)
    for r in cutlass.range(ROWS, unroll_full=True):
        top[r] = by_rows[r, None].load().reduce(cute.ReductionOp.MAX, -1.0e30, 0)
    for r in cutlass.range_constexpr(ROWS):
        prev[r] = top[r]
    for r in cutlass.range(ROWS, unroll_full=True):
        scale[r] = 1.0 / top[r]
        by_rows[r, None].store(by_rows[r, None].load() * scale[r])
    by_rows[0, 0] = prev[0] + prev[ROWS - 1]
    norm = cute.make_rmem_tensor(ROWS, cutlass.Float32)
    norm.fill(2.0)
    inv = cute.make_fragment_like(norm, cutlass.Float32)
    for r in cutlass.range(ROWS, unroll_full=True):
        inv[r] = 1.0 / norm[r]
    for r in cutlass.range(ROWS, unroll_full=True):
        by_rows[r, None].store(by_rows[r, None].load() * inv[r])
    seed = cute.make_rmem_tensor(ROWS, cutlass.Float32)
    seed.fill(0.5)
    halves = cute.make_fragment_like(seed, cutlass.Float32)
    for r in cutlass.range_constexpr(ROWS):
        halves[r] = seed[r]
    again = cute.make_fragment_like(halves, cutlass.Float32)
    for r in cutlass.range(ROWS, unroll_full=True):
        again[r] = 2.0
        by_rows[r, None].store(by_rows[r, None].load() * again[r])
    total = cute.make_rmem_tensor(ROWS, cutlass.Float32)
    total.fill(1.0)
    out_2d = cute.make_tensor(per_row.iterator, cute.make_layout((TILE_M, TILE_N), stride=(1, 0)))
    tCgOut = thr.partition_C(out_2d)
    out_mn = cute.make_tensor(tCgOut.iterator, cute.make_layout(((2, 2), (2, 4)), stride=((8, 16), (0, 0))))
    for m in cutlass.range(ROWS, unroll_full=True):
        out_mn[m, 0] = total[m]


@cute.jit
def row_stats_host(a: cute.Tensor, b: cute.Tensor, per_row: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((1, 1, 1)), permutation_mnk=(16, 8, 16))
    row_stats_kernel(tiled_mma, a, b, per_row).launch(grid=(1, 1, 1), block=(32, 1, 1))


def _rows(shape):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_row_stats():
    return cute.compile(row_stats_host, _rows((TILE_M, TILE_K)), _rows((TILE_N, TILE_K)),
                        make_fake_compact_tensor(cutlass.Float32, (TILE_M,), assumed_align=16))
