"""Compile-only block quantizers with no MMA that differ only in what they call the quantized columns (issue 23: where
no data flow decides, the kernel's own names for its extents suggest the axis). Each thread copies one 16-value block
of a row into registers, scales it and stores it through a view made over a raw pointer. `ColumnsK` binds
`K = x.shape[1]`, `ColumnsN` `N = x.shape[1]`, `ColumnsHidden` `hidden = x.shape[1]`; `BuiltForK` is built with a
constructor parameter `k` it reads as `self.k` in its pointer arithmetic; `HelperBlocks` binds `rows, K = x.shape` in
its kernel and makes every tensor in a helper method.
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

COLUMNS, VEC = 256, 16


@cute.jit
def _scaled_block(x: cute.Tensor, row, block, scale: cutlass.Float32):
    """The block's 16 values of row `row`, copied into registers and scaled (fp32)."""
    blocks = cute.tiled_divide(x[row, None], (VEC,))
    loaded = cute.make_rmem_tensor(VEC, cutlass.BFloat16)
    cute.autovec_copy(blocks[None, block], loaded)
    scaled = cute.make_rmem_tensor(VEC, cutlass.Float32)
    scaled.store(loaded.load().to(cutlass.Float32) * scale)
    return scaled


@cute.jit
def _store_block(scaled: cute.Tensor, out: cute.Tensor, offset):
    """`scaled` as bf16 into the 16 values of `out` at element `offset`, through a view over a raw pointer."""
    target = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, (out.iterator + offset).toint(),
                                            cute.AddressSpace.gmem, assumed_align=32), cute.make_layout((VEC,)))
    written = cute.make_rmem_tensor(VEC, cutlass.BFloat16)
    written.store(scaled.load().to(cutlass.BFloat16))
    cute.autovec_copy(written, target)


class _RowsLaunched:
    """One CTA per row, one thread per 16-value block."""

    @cute.jit
    def __call__(self, x: cute.Tensor, out: cute.Tensor, stream):
        self.kernel(x, out).launch(grid=(x.shape[0], 1, 1), block=(COLUMNS // VEC, 1, 1), stream=stream)


class ColumnsK(_RowsLaunched):
    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        K = x.shape[1]
        _store_block(_scaled_block(x, row, block, cutlass.Float32(0.5)), out, row * K + block * VEC)


class ColumnsN(_RowsLaunched):
    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        N = x.shape[1]
        _store_block(_scaled_block(x, row, block, cutlass.Float32(0.5)), out, row * N + block * VEC)


class ColumnsHidden(_RowsLaunched):
    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        hidden = x.shape[1]
        _store_block(_scaled_block(x, row, block, cutlass.Float32(0.5)), out, row * hidden + block * VEC)


class BuiltForK:
    def __init__(self, *, k: int):
        self.k = k

    @cute.jit
    def __call__(self, x: cute.Tensor, out: cute.Tensor, stream):
        self.kernel(x, out).launch(grid=(x.shape[0], 1, 1), block=(self.k // VEC, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        _store_block(_scaled_block(x, row, block, cutlass.Float32(0.5)), out, row * self.k + block * VEC)


class HelperBlocks(_RowsLaunched):
    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        rows, K = x.shape
        if row < rows:
            self._quantize(x, out, row, block, row * K + block * VEC)

    @cute.jit
    def _quantize(self, x: cute.Tensor, out: cute.Tensor, row, block, offset):
        blocks = cute.tiled_divide(x[row, None], (VEC,))
        loaded = cute.make_rmem_tensor(VEC, cutlass.BFloat16)
        cute.autovec_copy(blocks[None, block], loaded)
        _store_block(loaded, out, offset)


def _compile(kernel):
    rows = cute.sym_int()
    x = make_fake_compact_tensor(cutlass.BFloat16, (rows, COLUMNS), stride_order=(1, 0), assumed_align=32)
    out = make_fake_compact_tensor(cutlass.BFloat16, (rows, COLUMNS), stride_order=(1, 0), assumed_align=32)
    return cute.compile(kernel, x, out, make_fake_stream())


def compile_columns_k():
    return _compile(ColumnsK())


def compile_columns_n():
    return _compile(ColumnsN())


def compile_columns_hidden():
    return _compile(ColumnsHidden())


def compile_built_for_k():
    return _compile(BuiltForK(k=COLUMNS))


def compile_helper_blocks():
    return _compile(HelperBlocks())
