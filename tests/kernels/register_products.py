"""Compile-only kernel: a skinny GEMM by FMAs over registers that hold several rows each. Each CTA takes the 4 rows of
x and 2 rows of w; every thread walks K (a dynamic loop) copying its 8-element vector of each row into row-major
register arrays `xr` (4, 8) and `wr` (2, 8), adds `xr[i, v] * wr[j, v]` into `acc[i, j]`, then the warps' sums meet in
an SMEM buffer (4, 2, warps). Names carry no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_ROWS, _OUTS, _VEC, _THREADS = 4, 2, 8, 64
_WARPS = _THREADS // 32


@cute.kernel
def products_kernel(x: cute.Tensor, w: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    warp = cute.arch.warp_idx()
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=128)
    xv = cute.logical_divide(cute.logical_divide(x, (None, _VEC)), (None, (None, _THREADS)))
    wv = cute.logical_divide(cute.logical_divide(w, (None, _VEC)), (None, (None, _THREADS)))
    mine = xv[None, (None, (tidx, None))]
    acc = cute.make_rmem_tensor(cute.make_layout((_ROWS, _OUTS), stride=(_OUTS, 1)), cutlass.Float32)
    acc.fill(0.0)
    xr = cute.make_rmem_tensor(cute.make_layout((_ROWS, _VEC), stride=(_VEC, 1)), cutlass.BFloat16)
    wr = cute.make_rmem_tensor(cute.make_layout((_OUTS, _VEC), stride=(_VEC, 1)), cutlass.BFloat16)
    for k in cutlass.range(x.shape[1] // (_VEC * _THREADS)):
        for i in cutlass.range_constexpr(_ROWS):
            cute.copy(atom, mine[i, None, k], xr[i, None])
        for j in cutlass.range_constexpr(_OUTS):
            theirs = wv[bidx * _OUTS + j, (None, (tidx, None))]
            cute.copy(atom, theirs[None, k], wr[j, None])
        for v in cutlass.range_constexpr(_VEC):
            for i in cutlass.range_constexpr(_ROWS):
                for j in cutlass.range_constexpr(_OUTS):
                    acc[i, j] = acc[i, j] + xr[i, v].to(cutlass.Float32) * wr[j, v].to(cutlass.Float32)
    for i in cutlass.range_constexpr(_ROWS):
        for j in cutlass.range_constexpr(_OUTS):
            acc[i, j] = cute.arch.warp_reduction_sum(acc[i, j])
    smem = cutlass.utils.SmemAllocator()
    sums = smem.allocate_tensor(cutlass.Float32, cute.make_layout((_ROWS, _OUTS, _WARPS), stride=(_OUTS * _WARPS,
                                                                                                   _WARPS, 1)),
                                byte_alignment=16)
    with cute.arch.elect_one():
        for i in cutlass.range_constexpr(_ROWS):
            for j in cutlass.range_constexpr(_OUTS):
                sums[i, j, warp] = acc[i, j]
    cute.arch.sync_threads()
    if tidx == 0:
        for i in cutlass.range_constexpr(_ROWS):
            for j in cutlass.range_constexpr(_OUTS):
                out[i, bidx * _OUTS + j] = sums[i, j, None].load().reduce(cute.ReductionOp.ADD, cutlass.Float32(0.0), 0)


@cute.jit
def products_host(x: cute.Tensor, w: cute.Tensor, out: cute.Tensor):
    products_kernel(x, w, out).launch(grid=(w.shape[0] // _OUTS, 1, 1), block=(_THREADS, 1, 1))


def compile_register_products():
    n, k = cute.sym_int(divisibility=_OUTS), cute.sym_int(divisibility=_VEC * _THREADS)
    x = make_fake_compact_tensor(cutlass.BFloat16, (_ROWS, k), stride_order=(1, 0), assumed_align=16)
    w = make_fake_compact_tensor(cutlass.BFloat16, (n, k), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Float32, (_ROWS, n), stride_order=(1, 0), assumed_align=4)
    return cute.compile(products_host, x, w, out)
