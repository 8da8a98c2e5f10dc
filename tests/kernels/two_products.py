"""Steps the sm_80 attention test kernels share (S = X Y^T, then O = P V, by one m16n8k16 TiledMma of one warp),
so that each kernel states only what its test is about."""

import cutlass
import cutlass.cute as cute


def tiled_mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((1, 1, 1)))


def smem_tiles(rows: int, depth: int):
    """SMEM tiles of X and Y, (rows, depth) row-major, and of V, (depth, rows) column-major."""
    smem = cutlass.utils.SmemAllocator()
    s_x = smem.allocate_tensor(cutlass.Float16, cute.make_layout((rows, depth), stride=(depth, 1)), 16)
    s_y = smem.allocate_tensor(cutlass.Float16, cute.make_layout((rows, depth), stride=(depth, 1)), 16)
    s_v = smem.allocate_tensor(cutlass.Float16, cute.make_layout((depth, rows), stride=(1, depth)), 16)
    return s_x, s_y, s_v


def scores_of(thr, mma, s_x, s_y, rows: int):
    """S = X Y^T, in registers."""
    tSrX = thr.make_fragment_A(thr.partition_A(s_x))
    tSrY = thr.make_fragment_B(thr.partition_B(s_y))
    cute.autovec_copy(thr.partition_A(s_x), tSrX)
    cute.autovec_copy(thr.partition_B(s_y), tSrY)
    scores = cute.make_rmem_tensor(thr.partition_shape_C((rows, rows)), cutlass.Float32)
    scores.fill(0.0)
    cute.gemm(mma, scores, tSrX, tSrY, scores)
    return scores


def probs_of(thr, scores, rows: int):
    """P converted from S in registers, laid out as the second product's A operand."""
    probs = cute.make_fragment_like(scores, cutlass.Float16)
    probs.store(scores.load().to(cutlass.Float16))
    return cute.make_tensor(probs.iterator, thr.make_fragment_A(thr.partition_shape_A((rows, rows))).layout)


def output_of(thr, mma, frag_p, s_v, rows: int, depth: int) -> None:
    """O = P V, in registers, printed so that nothing is dead code."""
    tOrV = thr.make_fragment_B(thr.partition_B(s_v))
    cute.autovec_copy(thr.partition_B(s_v), tOrV)
    out = cute.make_rmem_tensor(thr.partition_shape_C((rows, depth)), cutlass.Float32)
    out.fill(0.0)
    cute.gemm(mma, out, frag_p, tOrV, out)
    cute.printf("{}", out[0])


def attention_of_tiles(tidx, mma, tile_x, tile_y, tile_v, rows: int, depth: int) -> None:
    """S = X Y^T and O = P V over global tiles of X, Y (rows, depth) and V (depth, rows), staged through SMEM."""
    s_x, s_y, s_v = smem_tiles(rows, depth)
    cute.autovec_copy(tile_x, s_x)
    cute.autovec_copy(tile_y, s_y)
    cute.autovec_copy(tile_v, s_v)
    cute.arch.sync_threads()
    thr = mma.get_slice(tidx)
    scores = scores_of(thr, mma, s_x, s_y, rows)
    output_of(thr, mma, probs_of(thr, scores, rows), s_v, rows, depth)
