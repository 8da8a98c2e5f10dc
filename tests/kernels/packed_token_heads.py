"""Compile-only kernels (sm_80) with one product whose B operand is one token's heads: the host packs an input
`(tokens, heads, D)` into `((heads, tokens), D)` (PackGQA's view, a static heads leaf before a run-time tokens leaf)
and the kernel tiles it by the heads' extent, one token per CTA, against `(keys, D)` rows in A (S^T = K Q^T, as a
sparse attention's score recompute lays it). No name says attention.

`compile_one_tokens_heads`: 64 heads, a 64-row tile: the tile holds one token's heads whole.
`compile_two_tokens_per_tile`: 32 heads, the same 64-row tile: each tile holds two tokens' heads, so its rows are
no token's heads.
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_N = 64


@cute.kernel
def lone_product_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    token, row_tile, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sy = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    cute.autovec_copy(cute.local_tile(x, (_N, _N), (row_tile, 0)), sx)
    gy = cute.local_tile(y, (_N, _N), (token, 0))
    cute.autovec_copy(gy, sy)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fy = thr.make_fragment_B(thr.partition_B(sy))
    cute.autovec_copy(thr.partition_A(sx), fx)
    cute.autovec_copy(thr.partition_B(sy), fy)
    acc = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    acc.fill(0.0)
    cute.gemm(tiled_mma, acc, fx, fy, acc)
    cute.printf("{}", acc[0])


@cute.jit
def lone_product_host(x: cute.Tensor, w: cute.Tensor):
    # w (tokens, heads, D) viewed as ((heads, tokens), D): the heads leaf static, the tokens leaf a run-time extent
    y = cute.make_tensor(w.iterator, cute.make_layout(((w.shape[1], w.shape[0]), w.shape[2]),
                                                      stride=((w.stride[1], w.stride[0]), w.stride[2])))
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    lone_product_kernel(tiled_mma, x, y).launch(grid=(8, 2, 1), block=(128, 1, 1))


def _compile(heads: int):
    x = make_fake_compact_tensor(cutlass.Float16, (cute.sym_int(), _N), stride_order=(1, 0), assumed_align=16)
    w = make_fake_compact_tensor(cutlass.Float16, (cute.sym_int(), heads, _N), stride_order=(2, 1, 0),
                                 assumed_align=16)
    return cute.compile(lone_product_host, x, w)


def compile_one_tokens_heads():
    return _compile(_N)


def compile_two_tokens_per_tile():
    return _compile(_N // 2)
