"""Small kernels with known shared-memory and global-memory traffic, to check `cute_inspect.trace.traffic`.

Each case moves one (rows, cols) tile: global -> registers -> shared (the *store* copy), then shared ->
registers -> global (the *load* copy), with one warp. Known answers (wavefronts per instruction / ideal):

    f32_column        lanes walk a column of a 32x32 fp32 tile        LDS 32/1 (32-way), STS 1/1
    f32_column_pad    the same tile padded to 33 columns               LDS 1/1
    f32_pairs         2 fp32 a lane, row i: merged with the next pair into 128-bit   LDS 32/4 (8-way)
    f32_pairs_64      64-bit loads (not merged: the next pair is 16 bytes on), lanes 0-15 down a column   LDS 32/2
    f16_rows_128      128-bit loads, lane i reads row i of 128-byte rows   LDS 32/4 (8-way)
    f16_rows_128_swz  the same through Swizzle<3,4,3>                  LDS 4/4
    f16_merge         32-bit atoms over 4 contiguous fp16: emitted as 64-bit   STS/LDS 2/2
    f16_halves        16-bit stores, lane i writes column i            STS 1/1
    ldsm_x4           ldmatrix.x4 of 128-byte rows                     LDSM 32/4 (8-way)
    ldsm_x4_swz       the same through Swizzle<3,4,3>                  LDSM 4/4
    ldsm_x2           ldmatrix.x2, 128-byte rows                       LDSM 16/2
    ldsm_x1_swz       ldmatrix.x1 through Swizzle<3,4,3>              LDSM 1/1
    strided_global    lanes read a column of global memory             32 sectors per request, ideal 4
    async_128         cp.async of 16 bytes, rows of 8 lanes            conflict-free
    async_128_half_rows  cp.async of 16 bytes over 64-byte rows (8 global rows a warp)   conflict-free
    async_128_rows    cp.async of 16 bytes, lane i writes row i of 128-byte rows   8-way
    async_64          cp.async of 8 bytes, lane i writes 2 fp32 of one row        conflict-free
    async_32_column   cp.async of 4 bytes down a column of fp32      32-way

    python examples/traffic/measure.py          # on a GPU with ncu: predictions next to the hardware's
"""

from __future__ import annotations

from dataclasses import dataclass

import cutlass
from cutlass import cute

from cute_inspect.check import expect_conflict_free


@dataclass(frozen=True)
class Case:
    """rows x cols of `dtype`; smem row stride `pitch` (cols when unpadded) and byte swizzle; the store copy's
    thread/value shapes (row-major threads) and bits; the load copy's, or `ldsm` matrices."""

    name: str
    dtype: str
    rows: int
    cols: int
    store_thr: tuple
    store_val: tuple
    store_bits: int
    load_thr: tuple = (1, 1)
    load_val: tuple = (1, 1)
    load_bits: int = 32
    pitch: int = 0
    swizzle: tuple | None = None
    ldsm: int = 0
    store_thr_col_major: bool = False
    store_async: bool = False
    load_thr_col_major: bool = False


CASES = (
    Case("f32_column", "f32", 32, 32, (1, 32), (1, 1), 32, (32, 1), (1, 1), 32),
    Case("f32_column_pad", "f32", 32, 32, (1, 32), (1, 1), 32, (32, 1), (1, 1), 32, pitch=33),
    Case("f32_pairs", "f32", 32, 32, (1, 32), (1, 1), 32, (32, 1), (1, 2), 64),
    Case("f32_pairs_64", "f32", 32, 32, (1, 32), (1, 1), 32, (16, 2), (1, 2), 64, load_thr_col_major=True),
    Case("f16_rows_128", "f16", 32, 64, (4, 8), (1, 8), 128, (32, 1), (1, 8), 128),
    Case("f16_rows_128_swz", "f16", 32, 64, (4, 8), (1, 8), 128, (32, 1), (1, 8), 128, swizzle=(3, 4, 3)),
    Case("f16_merge", "f16", 32, 64, (2, 16), (1, 4), 32, (2, 16), (1, 4), 32),
    Case("f16_halves", "f16", 32, 64, (1, 32), (1, 1), 16, (4, 8), (1, 8), 128),
    Case("ldsm_x4", "f16", 16, 64, (2, 16), (1, 4), 64, ldsm=4),
    Case("ldsm_x4_swz", "f16", 16, 64, (2, 16), (1, 4), 64, ldsm=4, swizzle=(3, 4, 3)),
    Case("ldsm_x2", "f16", 16, 64, (2, 16), (1, 4), 64, ldsm=2),
    Case("ldsm_x1_swz", "f16", 16, 64, (2, 16), (1, 4), 64, ldsm=1, swizzle=(3, 4, 3)),
    Case("strided_global", "f32", 32, 32, (32, 1), (1, 1), 32, (1, 32), (1, 1), 32, store_thr_col_major=True),
    Case("async_128", "f16", 32, 64, (4, 8), (1, 8), 128, (4, 8), (1, 8), 128, store_async=True),
    Case("async_128_half_rows", "f16", 32, 32, (8, 4), (1, 8), 128, (8, 4), (1, 8), 128, store_async=True),
    Case("async_128_rows", "f16", 32, 64, (32, 1), (1, 8), 128, (4, 8), (1, 8), 128, store_async=True,
         store_thr_col_major=True),
    Case("async_64", "f32", 32, 32, (2, 16), (1, 2), 64, (1, 32), (1, 1), 32, store_async=True),
    Case("async_32_column", "f32", 32, 32, (32, 1), (1, 1), 32, (1, 32), (1, 1), 32, store_async=True,
         store_thr_col_major=True),
)

_DTYPES = {"f32": cutlass.Float32, "f16": cutlass.Float16}


def _thr_layout(shape: tuple, col_major: bool = False):
    return cute.make_layout(shape) if col_major else cute.make_layout(shape, stride=(shape[1], 1))


class TrafficKernel:
    """`check`: state `expect_conflict_free` beside the load copy (the tests' way to see it fail)."""

    def __init__(self, case: Case, check: bool = False):
        self.case = case
        self.check = check
        self.dtype = _DTYPES[case.dtype]

    def _universal(self, bits: int):
        return cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), self.dtype, num_bits_per_copy=bits)

    @cute.jit
    def __call__(self, mIn: cute.Tensor, mOut: cute.Tensor):
        self.kernel(mIn, mOut).launch(grid=(1, 1, 1), block=(32, 1, 1))

    @cute.kernel
    def kernel(self, mIn: cute.Tensor, mOut: cute.Tensor):
        c = self.case
        tidx, _, _ = cute.arch.thread_idx()
        smem = cutlass.memory.SmemAllocator()
        pitch = c.pitch or c.cols
        base = smem.allocate(c.rows * pitch * self.dtype.width // 8, byte_alignment=1024)
        if cutlass.const_expr(c.swizzle is not None):
            ptr = cute.recast_ptr(base, cute.make_swizzle(*c.swizzle), dtype=self.dtype)
        else:
            ptr = cute.recast_ptr(base, dtype=self.dtype)
        sX = cute.make_tensor(ptr, cute.make_layout((c.rows, c.cols), stride=(pitch, 1)))

        if cutlass.const_expr(c.store_async):
            atom = cute.make_copy_atom(cute.nvgpu.cpasync.CopyG2SOp(), self.dtype, num_bits_per_copy=c.store_bits)
        else:
            atom = self._universal(c.store_bits)
        store = cute.make_tiled_copy_tv(atom, _thr_layout(c.store_thr, c.store_thr_col_major),
                                        cute.make_layout(c.store_val))
        thr_store = store.get_slice(tidx)
        tSgIn = thr_store.partition_S(mIn)
        tSsX = thr_store.partition_D(sX)
        if cutlass.const_expr(c.store_async):
            cute.copy(store, tSgIn, tSsX)
            cute.arch.cp_async_commit_group()
            cute.arch.cp_async_wait_group(0)
        else:
            tSrX = cute.make_fragment_like(tSgIn)
            cute.copy(store, tSgIn, tSrX)
            cute.copy(store, tSrX, tSsX)
        cute.arch.sync_threads()

        if cutlass.const_expr(c.ldsm > 0):
            mma = cute.make_tiled_mma(cute.nvgpu.warp.MmaF16BF16Op(self.dtype, cutlass.Float32, (16, 8, 16)),
                                      cute.make_layout((1, 1, 1)))
            load = cute.make_tiled_copy_A(
                cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, c.ldsm), self.dtype), mma)
            thr_load = load.get_slice(tidx)
            tLsX = thr_load.partition_S(sX)
            tLgOut = thr_load.partition_D(mOut)
            tLrX = cute.make_fragment_like(tLgOut)
            cute.copy(load, tLsX, tLrX)
            cute.copy(self._universal(16), tLrX, tLgOut)
        else:
            load = cute.make_tiled_copy_tv(self._universal(c.load_bits), _thr_layout(c.load_thr, c.load_thr_col_major),
                                           cute.make_layout(c.load_val))
            thr_load = load.get_slice(tidx)
            tLsX = thr_load.partition_S(sX)
            tLgOut = thr_load.partition_D(mOut)
            tLrX = cute.make_fragment_like(tLsX)
            cute.copy(load, tLsX, tLrX)
            if cutlass.const_expr(self.check):
                expect_conflict_free(load, tLsX, tLrX, smem=sX)
            cute.copy(load, tLrX, tLgOut)


def fake_tensors(case: Case):
    from cutlass.cute.runtime import make_fake_compact_tensor

    dtype = _DTYPES[case.dtype]
    return [make_fake_compact_tensor(dtype, (case.rows, case.cols), stride_order=(1, 0), assumed_align=16)
            for _ in range(2)]


def compile_case(case: Case, tensors=None, check: bool = False):
    """Compile one case (fake tensors unless given) and return the compiled function."""
    return cute.compile(TrafficKernel(case, check), *(tensors or fake_tensors(case)))


def compile_all():
    """The trace target: every case, compiled for fake tensors."""
    for case in CASES:
        compile_case(case)


def compile_pair():
    """A small trace target: 128-byte rows read a row a lane, without and with Swizzle<3,4,3>."""
    for name in ("f16_rows_128", "f16_rows_128_swz"):
        compile_case(next(c for c in CASES if c.name == name))
