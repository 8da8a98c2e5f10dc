"""A compile-only kernel with no MMA that stages (rows, column chunks, columns) tiles of its input in a ring of
SMEM buffers of rank 4 (tile modes, then the stage), as a TMA producer's ring is laid out: the tile copied into each
stage, then read back by hand through a flat view of the same storage, element by element, summed and stored."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

ROWS, CHUNKS, CHUNK, STAGES = 4, 2, 32, 2


class StagedRing:
    @cute.jit
    def __call__(self, x: cute.Tensor, out: cute.Tensor, stream):
        self.kernel(x, out).launch(grid=(x.shape[0] // ROWS, 1, 1), block=(ROWS * CHUNKS * CHUNK, 1, 1),
                                   stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        tile, _, _ = cute.arch.block_idx()
        tidx, _, _ = cute.arch.thread_idx()
        smem = cutlass.utils.SmemAllocator()
        ring = smem.allocate_tensor(cutlass.BFloat16, cute.make_layout(
            (ROWS, CHUNKS, CHUNK, STAGES), stride=(CHUNK, ROWS * CHUNK, 1, ROWS * CHUNKS * CHUNK)), byte_alignment=16)
        chunked = cute.make_tensor(x.iterator, cute.make_layout(
            (x.shape[0], CHUNKS, CHUNK), stride=(CHUNKS * CHUNK, CHUNK, 1)))
        tiles = cute.local_tile(chunked, (ROWS, CHUNKS, CHUNK), (tile, 0, 0))
        for stage in cutlass.range_constexpr(STAGES):
            cute.autovec_copy(tiles, ring[None, None, None, stage])
        cute.arch.barrier()
        flat = cute.make_tensor(ring.iterator, cute.make_layout((ROWS * CHUNKS * CHUNK * STAGES,)))
        out[tile * ROWS + tidx // (CHUNKS * CHUNK), tidx % (CHUNKS * CHUNK)] = flat[tidx] + flat[tidx + ROWS * CHUNKS * CHUNK]

def compile_staged_ring():
    rows = cute.sym_int()
    x = make_fake_compact_tensor(cutlass.BFloat16, (rows, CHUNKS * CHUNK), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.BFloat16, (rows, CHUNKS * CHUNK), stride_order=(1, 0), assumed_align=16)
    return cute.compile(StagedRing(), x, out, make_fake_stream())
