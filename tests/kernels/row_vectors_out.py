"""Compile-only kernel with no MMA that writes a row's results out a vector at a time, as a router top-k does: each
thread loads its row by a tiled copy, gathers its values into an array (the loaded values themselves), moves them
unchanged into registers made for the write-out, and its row's results leave through `tiled_divide`s of the output
row and of the registers, one `autovec_copy` per vector at a loop index (no thread index picks the vector). A helper
of this file makes the column guard, bound through a conditional expression (which the DSL runs in a generated
function)."""

import cutlass
import cutlass.cute as cute
from cutlass import const_expr
from cutlass.cute.runtime import make_fake_compact_tensor

ROWS, COLS, KEPT, VEC = 32, 8, 8, 4


@cute.jit
def _column_guard(coords, limit):
    """One guard per vector of the copy: is the vector's first column inside the row."""
    vectors = cute.size(coords, mode=[0, 1])
    guard = cute.make_rmem_tensor(cute.make_layout((vectors, 1, 1), stride=(1, 0, 0)), cutlass.Boolean)
    for v in cutlass.range_constexpr(vectors):
        guard[v, 0, 0] = cute.elem_less(coords[(0, v), 0, 0][1], limit)
    return guard


@cute.kernel
def row_vectors_kernel(x: cute.Tensor, values: cute.Tensor, indices: cute.Tensor, guarded: cutlass.Constexpr):
    """values[r] = x[r] (the row's first KEPT columns), indices[r] = their columns, a vector of VEC at a time."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gX = cute.local_tile(x, (ROWS, COLS), (bidx, 0))
    cX = cute.local_tile(cute.make_identity_tensor(x.shape), (ROWS, COLS), (bidx, 0))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float32, num_bits_per_copy=128)
    tv = cute.make_layout(((1, ROWS), (VEC, COLS // VEC)), stride=((0, 1), (ROWS, VEC * ROWS)))
    thr_copy = cute.make_tiled_copy(atom, tv, (ROWS, COLS)).get_slice(tidx)
    tXgX = thr_copy.partition_S(gX)
    tXcX = thr_copy.partition_S(cX)
    tXrX = cute.make_rmem_tensor_like(tXgX)
    tXpX = _column_guard(tXcX, x.shape[1]) if const_expr(guarded) else None
    cute.copy(atom, tXgX, tXrX, pred=tXpX)
    gathered = cute.make_rmem_tensor(KEPT, cutlass.Float32)
    for i in cutlass.range_constexpr(KEPT):
        gathered[i] = tXrX[i]
    picked = cute.make_rmem_tensor(KEPT, cutlass.Int32)
    for i in cutlass.range_constexpr(KEPT):
        picked[i] = cutlass.Int32(i)
    out_vals = cute.make_rmem_tensor_like(picked, cutlass.Float32)
    for i in cutlass.range_constexpr(KEPT):
        out_vals[i] = gathered[i].to(cutlass.Float32)
    row = tXcX[0][0]
    if row < x.shape[0]:
        values_store = cute.tiled_divide(values[row, None], (VEC,))
        indices_store = cute.tiled_divide(indices[row, None], (VEC,))
        out_vals_store = cute.tiled_divide(out_vals, (VEC,))
        picked_store = cute.tiled_divide(picked, (VEC,))
        for i in cutlass.range_constexpr(KEPT // VEC):
            cute.autovec_copy(out_vals_store[None, i], values_store[None, i])
            cute.autovec_copy(picked_store[None, i], indices_store[None, i])


@cute.jit
def row_vectors_host(x: cute.Tensor, values: cute.Tensor, indices: cute.Tensor):
    row_vectors_kernel(x, values, indices, True).launch(grid=(1, 1, 1), block=(ROWS, 1, 1))


def _tensor(dtype, shape):
    return make_fake_compact_tensor(dtype, shape, stride_order=tuple(reversed(range(len(shape)))), assumed_align=16)


def compile_row_vectors():
    return cute.compile(row_vectors_host, _tensor(cutlass.Float32, (ROWS, COLS)),
                        _tensor(cutlass.Float32, (ROWS, KEPT)), _tensor(cutlass.Int32, (ROWS, KEPT)))
