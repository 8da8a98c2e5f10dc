"""Compile-only kernel with no MMA whose registers are filled and emptied by hand, as selection and dequantization
kernels do: one warp per row, each warp with a slot of its own in a staged SMEM buffer that the kernel allocates
whole and slices on the same line; a lane's chunk read through a view over a pointer made from an address; a
histogram's buckets read element by element out of SMEM; the result written out of registers no copy filled.
No MMA and no tiler say the levels: the copies and element reads do (rules `moved_by_copy`, `filled_by_hand`)."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

ROWS, WIDTH, WARPS, STAGES, BUCKETS = 4, 128, 2, 2, 8
CHUNK = 4  # a lane's vector: 4 words


@cute.kernel
def hand_moved_kernel(x: cute.Tensor, w: cute.Tensor, y: cute.Tensor):
    """y[row] = x[row] * w[row] + the first lane's histogram count, a lane's chunk at a time."""
    row, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    warp_id = tidx // 32
    lane = tidx % 32
    smem = cutlass.utils.SmemAllocator()
    # the whole (words, warps, stages) buffer, allocated and sliced to this warp's slot in one statement
    ring = smem.allocate_tensor(cutlass.Float32, cute.make_layout((WIDTH, WARPS, STAGES)), byte_alignment=16)[
        None, warp_id, None]
    hist = smem.allocate_tensor(cutlass.Int32, cute.make_layout((BUCKETS * 32,)), byte_alignment=16)
    wide = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float32, num_bits_per_copy=128)
    # a lane's chunk of the row through a view over a pointer made from the row's address (generic)
    address = x.iterator.toint() + cutlass.Int64(row * WIDTH + lane * CHUNK) * 4
    chunk = cute.make_tensor(cute.make_ptr(cutlass.Float32, address, assumed_align=16), cute.make_layout((CHUNK,)))
    loaded = cute.make_rmem_tensor((CHUNK,), cutlass.Float32)
    cute.copy(wide, chunk, loaded)
    # the chunk staged in the warp's slot and read back, both through a divide of the slot into lanes' chunks
    lanes = cute.logical_divide(ring, (CHUNK, None))
    cute.copy(wide, loaded, lanes[(None, lane), 0])
    staged = cute.make_rmem_tensor((CHUNK,), cutlass.Float32)
    cute.copy(wide, lanes[(None, lane), 0], staged)
    # the lane's values kept in a float buffer written by hand, which no traced call reads: the CTA's tile of values
    kept = smem.allocate_tensor(cutlass.Float32, cute.make_layout((32 * CHUNK,)), byte_alignment=16)
    for v in cutlass.range_constexpr(CHUNK):
        kept[lane * CHUNK + v] = staged[v]
    # a lane's buckets, read element by element out of SMEM
    counts = cute.make_rmem_tensor((BUCKETS,), cutlass.Int32)
    for j in cutlass.range_constexpr(BUCKETS):
        counts[j] = hist[lane * BUCKETS + j]
    # a lane's weights read element by element out of a parameter no call traces (converted as they are read)
    weights = cute.make_rmem_tensor((CHUNK,), cutlass.Float32)
    for v in cutlass.range_constexpr(CHUNK):
        weights[v] = w[row, lane * CHUNK + v].to(cutlass.Float32)
    # the result, computed into registers no copy fills, written out through a divide of the output into chunks
    result = cute.make_rmem_tensor((CHUNK,), cutlass.Float32)
    for v in cutlass.range_constexpr(CHUNK):
        result[v] = staged[v] * weights[v] + counts[0].to(cutlass.Float32)
    cute.copy(wide, result, cute.logical_divide(y, (None, CHUNK))[row, (None, lane)])


@cute.jit
def hand_moved_host(x: cute.Tensor, w: cute.Tensor, y: cute.Tensor):
    hand_moved_kernel(x, w, y).launch(grid=(ROWS, 1, 1), block=(32 * WARPS, 1, 1))


def _tensor(shape, dtype=cutlass.Float32):
    return make_fake_compact_tensor(dtype, shape, stride_order=(1, 0), assumed_align=16)


def compile_hand_moved():
    return cute.compile(hand_moved_host, _tensor((ROWS, WIDTH)), _tensor((ROWS, WIDTH), cutlass.BFloat16),
                        _tensor((ROWS, WIDTH)))
