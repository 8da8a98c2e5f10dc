"""A compile-only dual GEMM on mma.sync (sm_80): gate = Wg x and up = Wu x, accumulated into the two slices of one
register tensor whose last mode holds both (`both[None, None, None, 0]` and `[..., 1]`), each product reading its own
weight tile as A and the same input tile as B; the epilogue multiplies the two slices element by element and writes
the product out. Names carry no axis letters: the labels must come from the data flow."""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_ROWS, _COLS, _DEPTH = 64, 32, 64
_F16 = cutlass.Float16


@cute.kernel
def stacked_kernel(tiled_mma: cute.TiledMma, first: cute.Tensor, second: cute.Tensor, shared: cute.Tensor,
                   out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    thr = tiled_mma.get_slice(tidx)
    fa = tiled_mma.make_fragment_A(thr.partition_A(first))
    fc = tiled_mma.make_fragment_A(thr.partition_A(second))
    fb = tiled_mma.make_fragment_B(thr.partition_B(shared))
    cute.autovec_copy(thr.partition_A(first), fa)
    cute.autovec_copy(thr.partition_A(second), fc)
    cute.autovec_copy(thr.partition_B(shared), fb)
    both = cute.make_rmem_tensor((*thr.partition_shape_C((_ROWS, _COLS)), 2), cutlass.Float32)
    both.fill(0.0)
    for k in range(cute.size(fa, mode=[2])):
        cute.gemm(tiled_mma, both[None, None, None, 0], fa[None, None, k], fb[None, None, k], both[None, None, None, 0])
        cute.gemm(tiled_mma, both[None, None, None, 1], fc[None, None, k], fb[None, None, k], both[None, None, None, 1])
    result = cute.make_rmem_tensor(thr.partition_shape_C((_ROWS, _COLS)), cutlass.Float32)
    result.store(both[None, None, None, 0].load() * both[None, None, None, 1].load())
    cute.autovec_copy(result, thr.partition_C(out))


@cute.jit
def stacked_host(first: cute.Tensor, second: cute.Tensor, shared: cute.Tensor, out: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(_F16, cutlass.Float32, (16, 8, 16))
    stacked_kernel(cute.make_tiled_mma(op, cute.make_layout((4, 1, 1))), first, second, shared, out).launch(
        grid=(1, 1, 1), block=(128, 1, 1))


def compile_stacked():
    def fake(dtype, shape):
        return make_fake_compact_tensor(dtype, shape, stride_order=(1, 0), assumed_align=16)
    return cute.compile(stacked_host, fake(_F16, (_ROWS, _DEPTH)), fake(_F16, (_ROWS, _DEPTH)),
                        fake(_F16, (_COLS, _DEPTH)), fake(cutlass.Float32, (_ROWS, _COLS)))
