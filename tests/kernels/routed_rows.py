"""Compile-only MoE combine with no MMA whose routing tables the host lays out over pointers with named extents:
(tokens, top-k slots) and the expanded (tokens * top-k) rows. Both count rows of the expanded row index
`token * top_k + slot`: the names say so (rule `name.extents`, a product of extents)."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_stream, make_ptr

HIDDEN, TOP_K = 64, 4


class RoutedRows:
    def __init__(self, top_k: int):
        self.top_k = top_k

    @cute.jit
    def __call__(self, rows_ptr: cute.Pointer, weights_ptr: cute.Pointer, x_ptr: cute.Pointer, y_ptr: cute.Pointer,
                 num_tokens: cutlass.Int32, stream):
        table = cute.make_layout((num_tokens, self.top_k), stride=(self.top_k, 1))
        slot_rows = cute.make_tensor(rows_ptr, table)
        expanded_weights = cute.make_tensor(weights_ptr, cute.make_layout(num_tokens * self.top_k))
        x = cute.make_tensor(x_ptr, cute.make_layout((num_tokens * self.top_k, HIDDEN), stride=(HIDDEN, 1)))
        y = cute.make_tensor(y_ptr, cute.make_layout((num_tokens, HIDDEN), stride=(HIDDEN, 1)))
        self.kernel(slot_rows, expanded_weights, x, y).launch(grid=(num_tokens, 1, 1), block=(HIDDEN, 1, 1),
                                                              stream=stream)

    @cute.kernel
    def kernel(self, slot_rows: cute.Tensor, expanded_weights: cute.Tensor, x: cute.Tensor, y: cute.Tensor):
        token, _, _ = cute.arch.block_idx()
        column, _, _ = cute.arch.thread_idx()
        total = cutlass.Float32(0.0)
        for slot in cutlass.range_constexpr(self.top_k):
            row = slot_rows[token, slot]
            total += x[row, column].to(cutlass.Float32) * expanded_weights[token * self.top_k + slot]
        y[token, column] = total.to(y.element_type)


def compile_routed_rows():
    def pointer(dtype):
        return make_ptr(dtype, 16, cute.AddressSpace.gmem, assumed_align=16)

    return cute.compile(RoutedRows(TOP_K), pointer(cutlass.Int32), pointer(cutlass.Float32),
                        pointer(cutlass.BFloat16), pointer(cutlass.BFloat16), cutlass.Int32(8), make_fake_stream())
