"""Compile-only kernel: a row-wise kernel whose per-thread chunks the host cuts.

`compile_host_thread_chunks` (sm_80): the host divides two (rows, 256) tensors by a (1, 8) tiler
(`zipped_divide(x, (1, 8))`: one thread's 8-value chunk, then (rows, 32 chunks)) and launches the kernel with the
divides. Each thread slices its own chunk (`tiles[((None, None), (row, tidx))]`, the row from the block index, the
chunk from the thread index), loads it into `make_fragment_like` registers by `autovec_copy`, doubles it, and
writes it out the same way. A third tensor is divided by the CTA's whole row (`(1, 256)`) and sliced by the block
index alone: the CTA's tile, not a thread's.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_tensor

_COLUMNS = 256
_VALUES = 8
_THREADS = _COLUMNS // _VALUES


@cute.kernel
def _double(chunks_in: cute.Tensor, chunks_out: cute.Tensor, rows_in: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    row, _, _ = cute.arch.block_idx()
    mine = ((None, None), (row, tidx))
    t_in = chunks_in[mine]
    t_out = chunks_out[mine]
    r_in = cute.make_fragment_like(t_in)
    r_out = cute.make_fragment_like(t_out)
    cute.autovec_copy(t_in, r_in)
    r_out.store(r_in.load() + r_in.load())
    cute.autovec_copy(r_out, t_out)
    cta_row = rows_in[((None, None), (row, 0))]
    if tidx == 0:
        cta_row[0, 0] = r_out[0]


@cute.jit
def _launch(a: cute.Tensor, c: cute.Tensor):
    chunks_in = cute.zipped_divide(a, (1, _VALUES))
    chunks_out = cute.zipped_divide(c, (1, _VALUES))
    rows_in = cute.zipped_divide(a, (1, _COLUMNS))
    _double(chunks_in, chunks_out, rows_in).launch(grid=(cute.size(a, mode=[0]), 1, 1), block=(_THREADS, 1, 1))


def compile_host_thread_chunks():
    rows = cute.sym_int()

    def matrix():
        return make_fake_tensor(cutlass.Float32, (rows, _COLUMNS), stride=(cute.sym_int64(divisibility=8), 1),
                                assumed_align=16)

    return cute.compile(_launch, matrix(), matrix())
