"""A kernel written the way real kernels spread their work over helpers (issue 23, class 7): methods of the
kernel class, helpers of the same file calling each other, a `@cute.jit` helper, a helper module, results
returned as tuples, a namedtuple, a dict, a dataclass and a SimpleNamespace, helpers called in loops, under a
`const_expr` branch, through `functools.partial` and a lambda, and a result passed straight into a call.
Each tensor a helper makes should show where the kernel's code binds it, under that name.

Compiled for sm_80 with fake tensors (`cute-inspect trace tests/kernels/helper_binding.py:compile_helpers
--arch sm_80`).
"""

import dataclasses
import functools
import types
from collections import namedtuple

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import pattern_helpers

TILE = (64, 32)
Parts = namedtuple("Parts", "tXgX tYgY")


@dataclasses.dataclass
class Held:
    tile: object


def _copy():
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16)
    return cute.make_tiled_copy_tv(atom, cute.make_layout((16, 8), stride=(8, 1)), cute.make_layout((4, 4)))


def _tile(mX, coord):
    return cute.local_tile(mX, TILE, coord)


def _pair(thr_copy, src, dst):
    tSgS = thr_copy.partition_S(src)
    tDgD = thr_copy.partition_D(dst)
    return tSgS, tDgD


@cute.jit
def _fragments(tXgX: cute.Tensor):
    first = cute.make_rmem_tensor_like(tXgX)
    second = cute.make_rmem_tensor_like(tXgX)
    return first, second


class HelperKernel:
    def _partition(self, thr_copy, gX, gY):
        tXgX, tYgY = _pair(thr_copy, gX, gY)
        return tXgX, tYgY

    def _rebound(self, thr_copy, gX):
        tRgR, _ = pattern_helpers.partition_pair(thr_copy, gX, gX)
        tRgR = cute.group_modes(tRgR, 0, 2)
        return tRgR

    @cute.jit
    def _mainloop(self, thr_copy, mX: cute.Tensor, mY: cute.Tensor, bidx):
        gX, gY = _tile(mX, (bidx, 0)), _tile(mY, (bidx, 0))
        tXgX, tYgY = self._partition(thr_copy, gX, gY)
        tXrX, tXrY = _fragments(tXgX)
        tKgK = self._rebound(thr_copy, gX)
        parts = Parts(*self._partition(thr_copy, gX, gY))
        table = {"x": _tile(mX, (bidx, 1))}
        held = Held(_tile(mY, (bidx, 1)))
        space = types.SimpleNamespace(t=_tile(mX, (bidx, 2)))
        for i in cutlass.range_constexpr(2):
            gL = _tile(mX, (bidx, i + 3))
        tile_of = functools.partial(_tile, mY)
        gP = tile_of((bidx, 2))
        corner = lambda m: cute.local_tile(m, TILE, (0, 0))  # noqa: E731 (a lambda is what is tested)
        gC = corner(mX)
        if cutlass.const_expr(mX.element_type == cutlass.Float16):
            gB = _tile(mY, (bidx, 3))
        cute.autovec_copy(thr_copy.partition_S(_tile(mX, (bidx, 5))), tXrX)

    @cute.kernel
    def kernel(self, mX: cute.Tensor, mY: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        bidx, _, _ = cute.arch.block_idx()
        smem = cutlass.utils.SmemAllocator()
        sX = pattern_helpers.allocate(smem, cutlass.Float16, cute.make_layout(TILE))
        thr_copy = _copy().get_slice(tidx)
        self._mainloop(thr_copy, mX, mY, bidx)
        cute.autovec_copy(thr_copy.partition_S(_tile(mX, (bidx, 6))), thr_copy.partition_D(sX))

    @cute.jit
    def __call__(self, mX: cute.Tensor, mY: cute.Tensor):
        self.kernel(mX, mY).launch(grid=(4, 1, 1), block=(128, 1, 1), smem=8192)


def _fake(shape=(256, 256)):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_helpers():
    """Every shape of helper above, in one kernel."""
    return cute.compile(HelperKernel(), _fake(), _fake())


def _work_tile(sInfo):
    """A scheduler helper (cutlass's `make_contiguous_group_work_tile_info`): the SMEM work tile staged in
    registers, then read field by field."""
    info = cute.make_rmem_tensor(sInfo.shape, cutlass.Int32)
    cute.autovec_copy(sInfo, info)
    return info[0], info[1]


@cute.kernel
def info_kernel(mX: cute.Tensor, mY: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    sInfo = smem.allocate_tensor(cutlass.Int32, cute.make_layout(4), byte_alignment=16)
    sRow = smem.allocate_tensor(cutlass.Float16, cute.make_layout(32), byte_alignment=16)
    sInfo[0] = bidx
    sInfo[1] = tidx
    row, col = _work_tile(sInfo)
    gX = cute.local_tile(mX, TILE, (row, col))
    rRow = cute.make_rmem_tensor(sRow.shape, cutlass.Float16)
    cute.autovec_copy(sRow, rRow)  # staged, then read whole: the row is data, not metadata
    gY = cute.local_tile(mY, (1, 32), (bidx, 0))
    gY[0, None].store(rRow.load())


@cute.jit
def info_host(mX: cute.Tensor, mY: cute.Tensor):
    info_kernel(mX, mY).launch(grid=(4, 1, 1), block=(32, 1, 1), smem=1024)


def compile_work_tile():
    """A scheduler's SMEM work tile read through registers, beside an SMEM row staged the same way."""
    return cute.compile(info_host, _fake(), _fake())


class PrefixedKernel:
    """A kernel whose symbol a package prefixes (`set_name_prefix`, as cuDNN's frontend does): the MLIR function
    reads `ours_kernel_kernel_<module>...`, not `kernel_...`."""

    def _tiles(self, thr_copy, gX):
        tPgP = thr_copy.partition_S(gX)
        return thr_copy, tPgP

    @cute.kernel
    def kernel(self, mX: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        bidx, _, _ = cute.arch.block_idx()
        gX = _tile(mX, (bidx, 0))
        _, tXgX = self._tiles(_copy().get_slice(tidx), gX)
        cute.autovec_copy(tXgX, cute.make_rmem_tensor_like(tXgX))

    kernel.set_name_prefix("ours", remove_cutlass_symbol=True)

    @cute.jit
    def __call__(self, mX: cute.Tensor):
        self.kernel(mX).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_prefixed():
    """A method's tensor in a kernel whose symbol carries a package's prefix."""
    return cute.compile(PrefixedKernel(), _fake())
