"""Compile-only kernel: attention whose query tile stacks two tensors' rows, filled by hand element by element.

`compile_stacked_rows` (sm_80): a 16-row query tile: rows 0-3 from `first`'s four heads, rows 8-11 from `second`'s
(two vectors stacked per head), the rest left unwritten; so the rows hold (vector, head) pairs and run along
neither. The keys' 16 rows are likewise filled from two tensors (a cache's rows, then new rows): keys still.
S = X Y^T, then O = P V with P converted from S in registers. `compile_stacked_rows_own_p`: the same with P in
registers of its own, written from S's values by inline PTX. Names carry no axis letters: the labels must come
from the data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass._mlir import ir
from cutlass._mlir.dialects import llvm
from cutlass.cute.runtime import make_fake_compact_tensor

_DEPTH = 64


@cute.jit
def _half_pair(low: cutlass.Float32, high: cutlass.Float32) -> cutlass.Int32:
    """Two fp32 values rounded to one f16x2 register."""
    return cutlass.Int32(llvm.inline_asm(ir.IntegerType.get_signless(32), [low.ir_value(), high.ir_value()],
                                         "cvt.rn.f16x2.f32 $0, $2, $1;", "=r,f,f", has_side_effects=False,
                                         asm_dialect=0))


@cute.kernel
def stacked_rows_kernel(tiled_mma: cute.TiledMma, first: cute.Tensor, second: cute.Tensor, cached: cute.Tensor,
                        fresh: cute.Tensor, values: cute.Tensor, own_registers: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    tile = cute.make_layout((16, _DEPTH), stride=(_DEPTH, 1))
    s_x = smem.allocate_tensor(cutlass.Float16, tile, 16)
    s_y = smem.allocate_tensor(cutlass.Float16, tile, 16)
    s_v = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_DEPTH, 16), stride=(1, _DEPTH)), 16)
    col = tidx  # one thread per column
    for h in cutlass.range_constexpr(4):
        s_x[h, col] = first[h, col]
        s_x[h + 8, col] = second[h, col]
    for j in cutlass.range_constexpr(8):
        s_y[j, col] = cached[j, col]
        s_y[j + 8, col] = fresh[j, col]
    cute.autovec_copy(cute.local_tile(values, (_DEPTH, 16), (0, 0)), s_v)
    cute.arch.sync_threads()

    thr = tiled_mma.get_slice(tidx)
    frag_x = thr.make_fragment_A(thr.partition_A(s_x))
    frag_y = thr.make_fragment_B(thr.partition_B(s_y))
    cute.autovec_copy(thr.partition_A(s_x), frag_x)
    cute.autovec_copy(thr.partition_B(s_y), frag_y)
    scores = cute.make_rmem_tensor(thr.partition_shape_C((16, 16)), cutlass.Float32)
    scores.fill(0.0)
    cute.gemm(tiled_mma, scores, frag_x, frag_y, scores)
    probs = cute.make_fragment_like(scores, cutlass.Float16)
    probs.store(scores.load().to(cutlass.Float16))
    if cutlass.const_expr(own_registers):
        # P in registers of their own, laid out as the A operand and written two values to a word by inline PTX:
        # no mode of P is a mode of S, only the values say P comes from S
        frag_p = cute.make_rmem_tensor(thr.make_fragment_A(thr.partition_shape_A((16, 16))).layout, cutlass.Float16)
        words = cute.recast_tensor(frag_p, cutlass.Int32)
        for i in cutlass.range_constexpr(cute.size(words)):
            words[i] = _half_pair(scores[2 * i], scores[2 * i + 1])
    else:
        frag_p = cute.make_tensor(probs.iterator, thr.make_fragment_A(thr.partition_shape_A((16, 16))).layout)
    frag_v = thr.make_fragment_B(thr.partition_B(s_v))
    cute.autovec_copy(thr.partition_B(s_v), frag_v)
    out = cute.make_rmem_tensor(thr.partition_shape_C((16, _DEPTH)), cutlass.Float32)
    out.fill(0.0)
    cute.gemm(tiled_mma, out, frag_p, frag_v, out)
    cute.printf("{}", out[0])


@cute.jit
def stacked_rows_host(first: cute.Tensor, second: cute.Tensor, cached: cute.Tensor, fresh: cute.Tensor,
                      values: cute.Tensor, own_registers: cutlass.Constexpr):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((1, 1, 1)))
    stacked_rows_kernel(tiled_mma, first, second, cached, fresh, values, own_registers).launch(
        grid=(1, 1, 1), block=(64, 1, 1))


def _compile(own_registers: bool):
    def rows(n):
        return make_fake_compact_tensor(cutlass.Float16, (n, _DEPTH), stride_order=(1, 0), assumed_align=16)
    values = make_fake_compact_tensor(cutlass.Float16, (_DEPTH, 64), stride_order=(0, 1), assumed_align=16)
    return cute.compile(stacked_rows_host, rows(4), rows(4), rows(8), rows(8), values, own_registers)


def compile_stacked_rows():
    return _compile(False)


def compile_stacked_rows_own_p():
    """The same, P written into registers of its own (`compile_stacked_rows` views S's registers as P)."""
    return _compile(True)
