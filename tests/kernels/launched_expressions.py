"""Compile-only kernel: a row-wise kernel whose tiles the launch statement itself makes.

`compile_launched_expressions` (sm_80): the host divides three (rows, 128) tensors of one type by one (1, 128)
tiler inside the launch's argument list (`self.kernel(tile(a), tile(b) if self.with_b else None, out=tile(c))`),
so no local variable of the host holds any of them; the kernel is a method (its instance is the launch's first
value). Each thread copies 4 values of the row through one (threads, values) tiled copy, adds, and stores. The
kernel's parameters are those tiles: their modes the tiler's rows (M) and columns (N), as a tile the host held in a
variable would be.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass import const_expr
from cutlass.cute.runtime import make_fake_tensor

_COLUMNS = 128
_THREADS = 32
_VALUES = 4


class RowAdd:
    def __init__(self, with_b: bool):
        self.with_b = with_b

    @cute.kernel
    def kernel(self, tiles_a: cute.Tensor, tiles_b: cute.Tensor, thr_layout: cute.Layout, val_layout: cute.Layout,
               out: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        row, _, _ = cute.arch.block_idx()
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), tiles_a.element_type)
        thread_copy = cute.make_tiled_copy_tv(atom, thr_layout, val_layout).get_slice(tidx)
        tile = ((None, None), (row, 0))
        part_a = thread_copy.partition_S(tiles_a[tile])
        part_b = thread_copy.partition_S(tiles_b[tile])
        part_out = thread_copy.partition_D(out[tile])
        frag_a = cute.make_fragment_like(part_a)
        frag_b = cute.make_fragment_like(part_b)
        cute.copy(atom, part_a, frag_a)
        cute.copy(atom, part_b, frag_b)
        frag_out = cute.make_fragment_like(part_out)
        for e in cutlass.range_constexpr(_VALUES):
            frag_out[e] = frag_a[e] + frag_b[e]
        cute.copy(atom, frag_out, part_out)

    @cute.jit
    def __call__(self, a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
        thr_layout = cute.make_ordered_layout((1, _THREADS), order=(1, 0))
        val_layout = cute.make_ordered_layout((1, _VALUES), order=(1, 0))
        tiler, _ = cute.make_layout_tv(thr_layout, val_layout)
        tile = lambda tensor: cute.zipped_divide(tensor, tiler)  # noqa: E731
        self.kernel(tile(a), tile(b) if const_expr(self.with_b) else None, thr_layout, val_layout,
                    out=tile(c)).launch(grid=(cute.size(a, mode=[0]), 1, 1), block=(_THREADS, 1, 1))


def compile_launched_expressions():
    rows = cute.sym_int()

    def matrix():
        return make_fake_tensor(cutlass.Float16, (rows, _COLUMNS), stride=(cute.sym_int64(divisibility=8), 1),
                                assumed_align=16)

    return cute.compile(RowAdd(True), matrix(), matrix(), matrix())
