"""Compile-only kernel: attention whose P operand is a register tensor made from a layout alone, written through
a view laid out as the scores accumulator (the accumulator's values re-laid as an A operand by hand).

`compile_operand_from_layout` (sm_80): a 16-row query tile of head dim 16, so the query operand's fragment and P's
operand (16 rows x 16 keys) have one layout. S = X Y^T; `p = make_rmem_tensor_like(layout)`, `make_tensor(
p.iterator, scores.layout).store(scores.load().to(f16))`; O = P V. P holds the scores' values (rows, keys), not
the queries' (rows, head dim) that share its layout. Names carry no axis letters: the labels must come from the
data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DEPTH = 16
_ROWS = 16


@cute.kernel
def operand_from_layout_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor,
                               values: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    s_x, s_y, s_v = two_products.smem_tiles(_ROWS, _DEPTH)
    cute.autovec_copy(cute.local_tile(queries, (_ROWS, _DEPTH), (0, 0)), s_x)
    cute.autovec_copy(cute.local_tile(keys, (_ROWS, _DEPTH), (0, 0)), s_y)
    cute.autovec_copy(cute.local_tile(values, (_DEPTH, _ROWS), (0, 0)), s_v)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    scores = two_products.scores_of(thr, tiled_mma, s_x, s_y, _ROWS)
    operand_layout = cute.make_layout(((2, 2, 2), 1, 1), stride=((1, 2, 4), 0, 0))
    p = cute.make_rmem_tensor_like(operand_layout, cutlass.Float16)
    as_scores = cute.make_tensor(p.iterator, scores.layout)
    as_scores.store(scores.load().to(cutlass.Float16))
    two_products.output_of(thr, tiled_mma, p, s_v, _ROWS, _DEPTH)


@cute.jit
def operand_from_layout_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor):
    operand_from_layout_kernel(two_products.tiled_mma(), queries, keys, values).launch(grid=(1, 1, 1),
                                                                                      block=(32, 1, 1))


def compile_operand_from_layout():
    def rows(n):
        return make_fake_compact_tensor(cutlass.Float16, (n, _DEPTH), stride_order=(1, 0), assumed_align=16)
    values = make_fake_compact_tensor(cutlass.Float16, (_DEPTH, 64), stride_order=(0, 1), assumed_align=16)
    return cute.compile(operand_from_layout_host, rows(16), rows(64), values)
