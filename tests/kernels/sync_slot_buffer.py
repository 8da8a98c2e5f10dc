"""Compile-only kernel: a row max whose cross-warp SMEM buffer is (rows, (warps per row, CTAs), slots, fields), one
sync slot and two fields per entry (the warp's max and the column it was found at), every index written.

`compile_one_slot` (sm_90a): 2 rows of 256 columns per 128-thread CTA, 2 warps per row; each warp reduces its max by
butterfly shuffles and its first lane writes `buf[warp // 2, warp % 2, 0, 0]` (the max) and `[.., 0, 1]` (its column);
the row's first warp reads the other's back. Names carry no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_ROWS, _COLS, _WARPS_PER_ROW = 2, 256, 2
_PER_THREAD = _COLS // (_WARPS_PER_ROW * 32)


@cute.kernel
def one_slot_kernel(src: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    warp, lane = cute.arch.warp_idx(), cute.arch.lane_idx()
    smem = cutlass.utils.SmemAllocator()
    buf = smem.allocate_tensor(cutlass.Float32, cute.make_ordered_layout((_ROWS, (_WARPS_PER_ROW, 1), 1, 2),
                                                                          order=(1, 0, 2, 3)), byte_alignment=4)
    tile = cute.local_tile(src, (_ROWS, _COLS), (bidx, 0))
    row, part = warp // _WARPS_PER_ROW, warp % _WARPS_PER_ROW
    top = -cutlass.Float32.inf
    at = cutlass.Int32(0)
    for i in cutlass.range_constexpr(_PER_THREAD):
        col = (part * 32 + lane) * _PER_THREAD + i
        value = tile[row, col].to(cutlass.Float32)
        if value > top:
            top = value
            at = cutlass.Int32(col)
    for i in cutlass.range_constexpr(5):
        other = cute.arch.shuffle_sync_bfly(top, offset=1 << i)
        other_at = cute.arch.shuffle_sync_bfly(at, offset=1 << i)
        if other > top:
            top = other
            at = other_at
    if lane == 0:
        buf[row, part, 0, 0] = top
        buf[row, part, 0, 1] = at.to(cutlass.Float32)
    cute.arch.barrier()
    if part == 0 and lane == 0:
        peer = buf[row, 1, 0, 0]
        if peer > top:
            at = buf[row, 1, 0, 1].to(cutlass.Int32)
        out[bidx * _ROWS + row] = at


@cute.jit
def one_slot_host(src: cute.Tensor, out: cute.Tensor):
    one_slot_kernel(src, out).launch(grid=(cute.ceil_div(src.shape[0], _ROWS), 1, 1),
                                     block=(_ROWS * _WARPS_PER_ROW * 32, 1, 1))


def compile_one_slot():
    src = make_fake_compact_tensor(cutlass.BFloat16, (64, _COLS), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Int32, (64,), stride_order=(0,), assumed_align=4)
    return cute.compile(one_slot_host, src, out)
