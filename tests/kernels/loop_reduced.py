"""Compile-only GEMVs by FMAs, no MMA (sm_90a), whose dynamic loop walks the contracted axis. `loop_dot_kernel`: one
row of `vec_in` dotted with `mat_in`'s rows. Each thread's loop over k-tiles (`for kt in cutlass.range(...)`, a
run-time loop) picks, at a coordinate computed from the loop's index, 4 values of the row (`local_tile(vec_in[0,
None], (4,), (kt * 2 + lane % 2,))`) and the k-tile's words of `mat_in` (`mat_in[kt, None]`), copies them into
registers and adds their products into an accumulator element (`acc[p] = acc[p] + ...`). `loop_copy_kernel`: the same
walk, the values copied out and not accumulated: a loop that contracts nothing names no axis. `loop_rows_kernel`: a
loop over rows whose body makes its accumulator anew (`acc = zeros` each row): its sums span no iterations, so the
rows it walks are no contracted axis."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

F32 = cutlass.Float32
K_TILES, THREADS = 16, 64


@cute.kernel
def loop_dot_kernel(vec_in: cute.Tensor, mat_in: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    lane = tidx % 32
    acc = cute.make_rmem_tensor((4,), F32)
    acc.fill(0.0)
    vals = cute.make_rmem_tensor(cute.make_layout(4), F32)
    words = cute.make_rmem_tensor(cute.make_layout(4), F32)
    for kt in cutlass.range(0, mat_in.shape[0], 1):
        chunk = cute.local_tile(vec_in[0, None], (4,), (kt * 2 + lane % 2,))
        cute.autovec_copy(chunk, vals)
        row = cute.local_tile(mat_in[kt, None], (4,), (tidx,))
        cute.autovec_copy(row, words)
        for p in cutlass.range_constexpr(4):
            acc[p] = acc[p] + vals[p] * words[p]
    for p in cutlass.range_constexpr(4):
        out[tidx, p] = acc[p]


@cute.kernel
def loop_copy_kernel(vec_in: cute.Tensor, mat_in: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    lane = tidx % 32
    vals = cute.make_rmem_tensor(cute.make_layout(4), F32)
    for kt in cutlass.range(0, mat_in.shape[0], 1):
        chunk = cute.local_tile(vec_in[0, None], (4,), (kt * 2 + lane % 2,))
        cute.autovec_copy(chunk, vals)
        for p in cutlass.range_constexpr(4):
            out[tidx, p] = vals[p]


@cute.kernel
def loop_rows_kernel(vec_in: cute.Tensor, mat_in: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    vals = cute.make_rmem_tensor(cute.make_layout(4), F32)
    for r in cutlass.range(0, mat_in.shape[0], 1):  # one row per iteration, its sum begun anew
        acc = cute.make_rmem_tensor((1,), F32)
        acc.fill(0.0)
        cute.autovec_copy(cute.local_tile(mat_in[r, None], (4,), (tidx,)), vals)
        for p in cutlass.range_constexpr(4):
            acc[0] = acc[0] + vals[p] * vals[p]
        out[tidx, 0] = acc[0]


@cute.jit
def loop_host(vec_in: cute.Tensor, mat_in: cute.Tensor, out: cute.Tensor, kind: cutlass.Constexpr):
    kernel = {"dot": loop_dot_kernel, "copy": loop_copy_kernel, "rows": loop_rows_kernel}[kind]
    kernel(vec_in, mat_in, out).launch(grid=(1, 1, 1), block=(THREADS, 1, 1))


def _compile(kind: str):
    vec_in = make_fake_compact_tensor(F32, (1, 8 * K_TILES), stride_order=(1, 0), assumed_align=16)
    mat_in = make_fake_compact_tensor(F32, (cute.sym_int(), 4 * THREADS), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(F32, (THREADS, 4), stride_order=(1, 0), assumed_align=16)
    return cute.compile(loop_host, vec_in, mat_in, out, kind)


def compile_loop_dot():
    return _compile("dot")


def compile_loop_copy():
    return _compile("copy")


def compile_loop_rows():
    return _compile("rows")
