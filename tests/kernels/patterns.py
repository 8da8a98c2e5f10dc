"""Small kernels reproducing what real kernels do to the tracer: helpers, chained calls, conditional and
comprehension assignments, branch-carried tensors, views, two MMAs (attention), unrolled helper calls.

Compiled for sm_80 with fake tensors (`cute-inspect trace tests/kernels/patterns.py:compile_names --arch sm_80`).
"""

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import pattern_helpers

TILE = (64, 32)


def _copy(threads=(16, 8), values=(4, 4)):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16)
    return cute.make_tiled_copy_tv(atom, cute.make_layout(threads, stride=(8, 1)), cute.make_layout(values))


@cute.kernel
def names_kernel(mA: cute.Tensor, mB: cute.Tensor, mC: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    thr_copy = _copy().get_slice(tidx)
    gA, gB = [cute.local_tile(m, TILE, (bidx, 0)) for m in (mA, mB)]
    gC = cute.local_tile(mC, TILE, (bidx, 0)) if cutlass.const_expr(True) else None
    tAgA, tAgB = pattern_helpers.partition_pair(thr_copy, gA, gB)
    tCgC = pattern_helpers.tile_then_partition(thr_copy, mC, TILE, (bidx, 0))
    values = thr_copy.partition_S(gC).load()
    tArA = cute.make_rmem_tensor_like(tAgA)
    tArA.store(values)
    tPgA = thr_copy.partition_S(gA)
    if tidx > 0:
        tPgA = thr_copy.partition_D(gA)
    cute.autovec_copy(tPgA, tArA)
    cute.autovec_copy(tArA, tCgC)


@cute.jit
def names_host(mA: cute.Tensor, mB: cute.Tensor, mC: cute.Tensor):
    names_kernel(mA, mB, mC).launch(grid=(4, 1, 1), block=(128, 1, 1))


def _fake(shape=(256, 32)):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_names():
    """Helpers, a comprehension, a conditional assignment, a chained call, a branch-carried partition."""
    return cute.compile(names_host, _fake(), _fake(), _fake())
