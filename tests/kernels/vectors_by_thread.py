"""Compile-only kernel: dot products of 4 rows of x with one row of w (a GEMV by FMAs), each row cut into 8-element
vectors by one divide and the vectors dealt out to the 64 threads by a second divide that the thread index picks.

`compile_two_step` (sm_90a): x (4, 2048), w (1, 2048); `vecs = logical_divide(tile, (None, 8))` then
`logical_divide(vecs, (None, (None, 64)))[None, (None, (tidx, None))]`: the first divide's vector is what a thread's
copy moves (the copy's atom) and its vector index the copy's rests, as in the thread's partition it feeds. Names carry
no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_ROWS, _DEPTH, _VEC, _THREADS = 4, 2048, 8, 64
_TURNS = _DEPTH // (_VEC * _THREADS)


@cute.kernel
def two_step_kernel(x: cute.Tensor, w: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    tile = cute.local_tile(x, (_ROWS, _DEPTH), (0, 0))
    wrow = cute.local_tile(w, (1, _DEPTH), (0, 0))
    vecs = cute.logical_divide(tile, (None, _VEC))
    wvecs = cute.logical_divide(wrow, (None, _VEC))
    dealt = cute.logical_divide(vecs, (None, (None, _THREADS)))
    wdealt = cute.logical_divide(wvecs, (None, (None, _THREADS)))
    mine, wmine = dealt[None, (None, (tidx, None))], wdealt[None, (None, (tidx, None))]
    acc = cute.make_rmem_tensor((_ROWS,), cutlass.Float32)
    acc.fill(0.0)
    for t in cutlass.range_constexpr(_TURNS):
        wregs = cute.make_rmem_tensor_like(wmine[0, None, t])
        cute.autovec_copy(wmine[0, None, t], wregs)
        wv = wregs.load().to(cutlass.Float32)
        for m in cutlass.range_constexpr(_ROWS):
            xregs = cute.make_rmem_tensor_like(mine[m, None, t])
            cute.autovec_copy(mine[m, None, t], xregs)
            xv = xregs.load().to(cutlass.Float32)
            for v in cutlass.range_constexpr(_VEC):
                acc[m] = acc[m] + xv[v] * wv[v]
    for m in cutlass.range_constexpr(_ROWS):
        total = cute.arch.warp_reduction_sum(acc[m])
        if tidx == 0:
            out[m] = total


@cute.jit
def two_step_host(x: cute.Tensor, w: cute.Tensor, out: cute.Tensor):
    two_step_kernel(x, w, out).launch(grid=(1, 1, 1), block=(_THREADS, 1, 1))


def compile_two_step():
    x = make_fake_compact_tensor(cutlass.BFloat16, (_ROWS, _DEPTH), stride_order=(1, 0), assumed_align=16)
    w = make_fake_compact_tensor(cutlass.BFloat16, (1, _DEPTH), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Float32, (_ROWS,), stride_order=(0,), assumed_align=4)
    return cute.compile(two_step_host, x, w, out)
