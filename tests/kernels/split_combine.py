"""Compile-only kernel: the combine of a split-KV decode. Each split wrote its partial output (d, rows, batch,
splits) and its partial LSE (rows, batch, splits); the combine reads them back, reduces over the split mode and
writes the output (d, rows, batch) and its LSE (rows, batch). The batch and the splits have one extent (4), so
shapes alone do not say which mode is the split: the strides do (each split a copy of the output's layout). Names
carry no axis letters: the labels must come from the data flow."""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_DEPTH, _ROWS, _BATCH, _SPLITS = 64, 8, 4, 4


@cute.kernel
def combine_kernel(part_o: cute.Tensor, part_lse: cute.Tensor, out: cute.Tensor, lse: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    row, b, _ = cute.arch.block_idx()
    # this thread's head-dim element of every split's partial row: (1, splits)
    mine = cute.local_tile(part_o, (1,), (tidx, row, b, None))
    weights = cute.local_tile(part_lse, (1,), (row, b, None))
    top = cutlass.Float32(-cutlass.Float32.inf)
    for s in cutlass.range_constexpr(_SPLITS):
        top = cute.arch.fmax(top, weights[0, s])
    total = cutlass.Float32(0.0)
    acc = cutlass.Float32(0.0)
    for s in cutlass.range_constexpr(_SPLITS):
        scale = cute.math.exp2(weights[0, s] - top)
        total += scale
        acc += scale * mine[0, s]
    mine_out = cute.local_tile(out, (1,), (tidx, row, b))
    mine_out[0] = acc / total
    if tidx == 0:
        row_lse = cute.local_tile(lse, (1,), (row, b))
        row_lse[0] = cute.math.log2(total) + top


@cute.jit
def combine_host(part_o: cute.Tensor, part_lse: cute.Tensor, out: cute.Tensor, lse: cute.Tensor):
    combine_kernel(part_o, part_lse, out, lse).launch(grid=(_ROWS, _BATCH, 1), block=(_DEPTH, 1, 1))


def compile_split_combine():
    def fake(shape):
        return make_fake_compact_tensor(cutlass.Float32, shape, stride_order=tuple(range(len(shape))),
                                        assumed_align=16)
    return cute.compile(combine_host, fake((_DEPTH, _ROWS, _BATCH, _SPLITS)), fake((_ROWS, _BATCH, _SPLITS)),
                        fake((_DEPTH, _ROWS, _BATCH)), fake((_ROWS, _BATCH)))
