"""A compile-only row quantizer with no MMA that stages its result in shared memory by hand: each thread packs 8
bytes in registers and copies them into its chunk of an SMEM tile (a view laid over the tile's pointer), and writes
a scale byte into the tile element by element through a byte view of a one-entry E4M3 register; then after a
barrier every thread copies a 16-byte chunk of the tile into registers and out to global memory, again through views
laid over pointers."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

ROWS, BYTES = 32, 64


class StagedChunks:
    @cute.jit
    def __call__(self, x: cute.Tensor, q: cute.Tensor, stream):
        self.kernel(x, q).launch(grid=(x.shape[0] // ROWS, 1, 1), block=(ROWS * BYTES // 8, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, q: cute.Tensor):
        bidx, _, _ = cute.arch.block_idx()
        tidx, _, _ = cute.arch.thread_idx()
        smem = cutlass.utils.SmemAllocator()
        tile = smem.allocate_tensor(cutlass.Uint8, cute.make_layout((ROWS, BYTES), stride=(BYTES, 1)),
                                    byte_alignment=16)
        narrow = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Uint8, num_bits_per_copy=64)
        wide = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Uint8, num_bits_per_copy=128)
        r = tidx // (BYTES // 8)
        g = tidx % (BYTES // 8)
        codes = cute.make_rmem_tensor(cute.make_layout(8), cutlass.Uint8)
        for b in cutlass.range_constexpr(8):
            v = x[bidx * ROWS + r, g * 16 + 2 * b].to(cutlass.Float32)
            codes[b] = cutlass.Uint8(v.to(cutlass.Int32) & 0xFF)
        chunk = cute.make_tensor(tile.iterator + cute.assume(r * BYTES + g * 8, divby=8), cute.make_layout(8))
        cute.copy(narrow, codes, chunk)
        scale = cute.make_rmem_tensor(cute.make_layout(1), cutlass.Float8E4M3FN)
        scale_byte = cute.make_tensor(cute.recast_ptr(scale.iterator, dtype=cutlass.Uint8), cute.make_layout(1))
        scale_byte[0] = codes[0] | codes[1]
        if g == 0:
            tile[r, BYTES - 1] = scale_byte[0]
        cute.arch.sync_threads()
        if tidx < ROWS * BYTES // 16:
            r2 = tidx // (BYTES // 16)
            c16 = tidx % (BYTES // 16)
            staged = cute.make_tensor(tile.iterator + cute.assume(r2 * BYTES + c16 * 16, divby=16),
                                      cute.make_layout(16))
            words = cute.make_rmem_tensor(cute.make_layout(16), cutlass.Uint8)
            cute.copy(wide, staged, words)
            out = cute.make_tensor(q.iterator + cute.assume((bidx * ROWS + r2) * BYTES + c16 * 16, divby=16),
                                   cute.make_layout(16))
            cute.copy(wide, words, out)


def compile_staged_chunks():
    m = cute.sym_int(divisibility=ROWS)
    x = make_fake_compact_tensor(cutlass.BFloat16, (m, 2 * BYTES), stride_order=(1, 0), assumed_align=16)
    q = make_fake_compact_tensor(cutlass.Uint8, (m, BYTES), stride_order=(1, 0), assumed_align=16)
    return cute.compile(StagedChunks(), x, q, make_fake_stream())
