"""Compile-only GEMVs by FMAs, no MMA (sm_90a). `product_rows_kernel`: every CTA dots a group of rows of `rows_in`
with two rows of `cols_in`. Each thread walks its own 4-value vectors along the shared axis: it copies one vector
of each row into registers made like that row's slice (`make_rmem_tensor_like(vecs[r, None, t])`), sums the
products into a register array at the literal (row, column) pair it belongs to, shuffles the sums across its warp,
and each warp leaves them in a cross-warp SMEM buffer through a view of the group's rows, at the warp's index.
`hand_dot_kernel`: one row of each dotted from words loaded by hand (inline PTX `ld.global.v4.u32`), their bf16
halves unpacked by shifts and a `mov.b32` bitcast, the warps' sums left in a (rows, warps) SMEM buffer."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass._mlir.dialects import llvm
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.cutlass_dsl import T, dsl_user_op

GROUP, PAIR, DEPTH, VEC, THREADS = 4, 2, 1024, 4, 128  # rows per group, columns per CTA, shared extent
WARPS = THREADS // 32
TILES = DEPTH // (VEC * THREADS)


@cute.kernel
def product_rows_kernel(rows_in: cute.Tensor, cols_in: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    col_tile, _, _ = cute.arch.block_idx()
    warp = tidx // 32
    parts = cutlass.utils.SmemAllocator().allocate_tensor(
        cutlass.Float32, cute.make_layout((2 * GROUP, PAIR, WARPS), stride=(PAIR * WARPS, WARPS, 1)),
        byte_alignment=16)
    sums = cute.make_rmem_tensor((GROUP, PAIR), cutlass.Float32)
    sums.fill(0.0)
    lhs = cute.local_tile(rows_in, (GROUP, DEPTH), (0, 0))
    rhs = cute.local_tile(cols_in, (PAIR, DEPTH), (col_tile, 0))
    lhs_vecs = cute.logical_divide(cute.logical_divide(lhs, (None, VEC)), (None, (None, THREADS)))
    rhs_vecs = cute.logical_divide(cute.logical_divide(rhs, (None, VEC)), (None, (None, THREADS)))
    lhs_mine, rhs_mine = lhs_vecs[None, (None, (tidx, None))], rhs_vecs[None, (None, (tidx, None))]
    for t in cutlass.range_constexpr(TILES):
        for e in cutlass.range_constexpr(PAIR):
            col = cute.make_rmem_tensor_like(rhs_mine[e, None, t])
            cute.autovec_copy(rhs_mine[e, None, t], col)
            for r in cutlass.range_constexpr(GROUP):
                row = cute.make_rmem_tensor_like(lhs_mine[r, None, t])
                cute.autovec_copy(lhs_mine[r, None, t], row)
                for v in cutlass.range_constexpr(VEC):
                    sums[r, e] = sums[r, e] + row[v].to(cutlass.Float32) * col[v].to(cutlass.Float32)
    for r in cutlass.range_constexpr(GROUP):
        for e in cutlass.range_constexpr(PAIR):
            sums[r, e] = cute.arch.warp_reduction_sum(sums[r, e])
    group_parts = cute.local_tile(cute.domain_offset((GROUP, 0, 0), parts), (GROUP, PAIR, WARPS), (0, 0, 0))
    if tidx % 32 == 0:
        for r in cutlass.range_constexpr(GROUP):
            for e in cutlass.range_constexpr(PAIR):
                group_parts[r, e, warp] = sums[r, e]


@cute.jit
def product_rows_host(rows_in: cute.Tensor, cols_in: cute.Tensor):
    product_rows_kernel(rows_in, cols_in).launch(grid=(4, 1, 1), block=(THREADS, 1, 1))


def compile_product_rows():
    rows_in = make_fake_compact_tensor(cutlass.BFloat16, (2 * GROUP, DEPTH), stride_order=(1, 0), assumed_align=16)
    cols_in = make_fake_compact_tensor(cutlass.BFloat16, (4 * PAIR, DEPTH), stride_order=(1, 0), assumed_align=16)
    return cute.compile(product_rows_host, rows_in, cols_in)


@dsl_user_op
def _words_at(pointer, *, loc=None, ip=None):
    """Four 32-bit words at `pointer`, by one hand-written 128-bit global load."""
    loaded = llvm.inline_asm(llvm.StructType.get_literal([T.i32()] * 4), [pointer.toint().ir_value(loc=loc, ip=ip)],
                             "ld.global.v4.u32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l", has_side_effects=True,
                             is_align_stack=False, asm_dialect=llvm.AsmDialect.AD_ATT, loc=loc, ip=ip)
    return [cutlass.Uint32(llvm.extractvalue(T.i32(), loaded, [i], loc=loc, ip=ip)) for i in range(4)]


@dsl_user_op
def _as_f32(word, *, loc=None, ip=None):
    """A word's bits as a float, by a `mov.b32` written by hand."""
    return cutlass.Float32(llvm.inline_asm(T.f32(), [cutlass.Uint32(word).ir_value(loc=loc, ip=ip)], "mov.b32 $0, $1;",
                                           "=f,r", has_side_effects=False, is_align_stack=False,
                                           asm_dialect=llvm.AsmDialect.AD_ATT, loc=loc, ip=ip))


@cute.kernel
def hand_dot_kernel(rows_in: cute.Tensor, cols_in: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    col, _, _ = cute.arch.block_idx()
    warp = tidx // 32
    red = cutlass.utils.SmemAllocator().allocate_tensor(cutlass.Float32, cute.make_layout((1, WARPS)), 16)
    total = cutlass.Float32(0.0)
    for t in cutlass.range_constexpr(DEPTH // (8 * THREADS)):
        at = (t * THREADS + tidx) * 8
        weights = _words_at(cols_in.iterator + col * DEPTH + at)
        values = _words_at(rows_in.iterator + at)
        for w, x in zip(weights, values):
            total = total + _as_f32(w << cutlass.Uint32(16)) * _as_f32(x << cutlass.Uint32(16))
    total = cute.arch.warp_reduction_sum(total)
    if tidx % 32 == 0:
        red[warp // WARPS, warp % WARPS] = total
    cute.arch.sync_threads()
    if tidx == 0:
        out[0, col] = red[0, 0] + red[0, 1] + red[0, 2] + red[0, 3]


@cute.jit
def hand_dot_host(rows_in: cute.Tensor, cols_in: cute.Tensor, out: cute.Tensor):
    hand_dot_kernel(rows_in, cols_in, out).launch(grid=(4 * PAIR, 1, 1), block=(THREADS, 1, 1))


def compile_hand_dot():
    rows_in = make_fake_compact_tensor(cutlass.BFloat16, (1, DEPTH), stride_order=(1, 0), assumed_align=16)
    cols_in = make_fake_compact_tensor(cutlass.BFloat16, (4 * PAIR, DEPTH), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Float32, (1, 4 * PAIR), stride_order=(1, 0), assumed_align=16)
    return cute.compile(hand_dot_host, rows_in, cols_in, out)
