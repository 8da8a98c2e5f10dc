"""Compile-only kernel: dot products of the 4 rows of x with the one row of w each CTA picks by its block index (a
skinny GEMM by FMAs, one CTA per output column), each row cut into 8-element vectors dealt out to the 64 threads.

`compile_cta_row_dots` (sm_90a): x (4, 2048) divided as it comes (its rows kept whole), w (N, 2048) tiled whole then
divided, its row picked in the thread's slice `wdealt[n, (None, (tidx, None))]` (n the block index) and copied turn by
turn into registers of the vector alone; the warps' sums meet in an SMEM buffer, thread 0 writes out[m, n]. Names
carry no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_ROWS, _DEPTH, _VEC, _THREADS = 4, 2048, 8, 64
_TURNS = _DEPTH // (_VEC * _THREADS)
_WARPS = _THREADS // 32


@cute.kernel
def cta_row_kernel(x: cute.Tensor, w: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    n, _, _ = cute.arch.block_idx()
    warp = cute.arch.warp_idx()
    wtile = cute.local_tile(w, (cute.size(w, mode=[0]), _DEPTH), (0, 0))
    vecs = cute.logical_divide(x, (None, _VEC))
    wvecs = cute.logical_divide(wtile, (None, _VEC))
    dealt = cute.logical_divide(vecs, (None, (None, _THREADS)))
    wdealt = cute.logical_divide(wvecs, (None, (None, _THREADS)))
    mine, wmine = dealt[None, (None, (tidx, None))], wdealt[n, (None, (tidx, None))]
    wregs = cute.make_rmem_tensor(cute.make_layout((_TURNS, _VEC), stride=(_VEC, 1)), cutlass.BFloat16)
    for t in cutlass.range_constexpr(_TURNS):
        cute.autovec_copy(wmine[None, t], wregs[t, None])
    acc = cute.make_rmem_tensor((_ROWS,), cutlass.Float32)
    acc.fill(0.0)
    for t in cutlass.range_constexpr(_TURNS):
        wv = wregs[t, None].load().to(cutlass.Float32)
        for m in cutlass.range_constexpr(_ROWS):
            xregs = cute.make_rmem_tensor_like(mine[m, None, t])
            cute.autovec_copy(mine[m, None, t], xregs)
            for v in cutlass.range_constexpr(_VEC):
                acc[m] = acc[m] + xregs[v].to(cutlass.Float32) * wv[v]
    for m in cutlass.range_constexpr(_ROWS):
        acc[m] = cute.arch.warp_reduction_sum(acc[m])
    smem = cutlass.utils.SmemAllocator()
    sums = smem.allocate_tensor(cutlass.Float32, cute.make_layout((_ROWS, _WARPS), stride=(_WARPS, 1)),
                                byte_alignment=16)
    with cute.arch.elect_one():
        for m in cutlass.range_constexpr(_ROWS):
            sums[m, warp] = acc[m]
    cute.arch.sync_threads()
    if tidx == 0:
        for m in cutlass.range_constexpr(_ROWS):
            out[m, n] = sums[m, None].load().reduce(cute.ReductionOp.ADD, cutlass.Float32(0.0), 0)


@cute.jit
def cta_row_host(x: cute.Tensor, w: cute.Tensor, out: cute.Tensor):
    cta_row_kernel(x, w, out).launch(grid=(w.shape[0], 1, 1), block=(_THREADS, 1, 1))


def compile_cta_row_dots():
    n = cute.sym_int()
    x = make_fake_compact_tensor(cutlass.BFloat16, (_ROWS, _DEPTH), stride_order=(1, 0), assumed_align=16)
    w = make_fake_compact_tensor(cutlass.BFloat16, (n, _DEPTH), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Float32, (_ROWS, n), stride_order=(1, 0), assumed_align=4)
    return cute.compile(cta_row_host, x, w, out)
