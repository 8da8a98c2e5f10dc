"""A compile-only row quantizer with no MMA whose loads fill a register fragment half by half: each thread copies
its 16 features of a row into `frag` by two 128-bit copies, each into a view laid over half of `frag`'s registers,
reads them back as 32-bit pairs through a recast view, sets its scale byte through one byte view of a one-entry E4M3
register and writes it into global memory element by element through another, and copies its 8 packed bytes out by
one 64-bit copy to the output row an SMEM table of 8 destination rows (laid out as the copy's 8 bytes) names."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

FEATURES = 2048


class HalvesByHand:
    @cute.jit
    def __call__(self, x: cute.Tensor, q: cute.Tensor, sfs: cute.Tensor, stream):
        self.kernel(x, q, sfs).launch(grid=(x.shape[0], 1, 1), block=(FEATURES // 16, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, q: cute.Tensor, sfs: cute.Tensor):
        token, _, _ = cute.arch.block_idx()
        lane, _, _ = cute.arch.thread_idx()
        smem = cutlass.utils.SmemAllocator()
        dests = smem.allocate_tensor(cutlass.Int32, cute.make_layout(8), byte_alignment=16)
        if lane < 8:
            dests[lane] = token * 8 + lane
        cute.arch.sync_threads()
        wide = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=128)
        narrow = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Uint8, num_bits_per_copy=64)
        frag = cute.make_rmem_tensor(cute.make_layout(16), cutlass.BFloat16)
        pairs = cute.make_tensor(cute.recast_ptr(frag.iterator, dtype=cutlass.Uint32), cute.make_layout(8))
        vals = cute.make_rmem_tensor(cute.make_layout(16), cutlass.Float32)
        packed = cute.make_rmem_tensor(cute.make_layout(8), cutlass.Uint8)
        for h in cutlass.range_constexpr(2):
            src = cute.make_tensor(x.iterator + cute.assume(token * FEATURES + lane * 16 + h * 8, divby=8),
                                   cute.make_layout(8))
            half = cute.make_tensor(frag.iterator + h * 8, cute.make_layout(8))
            cute.copy(wide, src, half)
        for p in cutlass.range_constexpr(8):
            w = pairs[p]
            vals[2 * p] = cutlass.Float32(w << 16)
            vals[2 * p + 1] = cutlass.Float32(w >> 16)
        amax = cutlass.Float32(0.0)
        for i in cutlass.range_constexpr(16):
            amax = cute.arch.fmax(amax, cute.math.absf(vals[i]))
        sf = cute.make_rmem_tensor(cute.make_layout(1), cutlass.Float8E4M3FN)
        sf_byte = cute.make_tensor(cute.recast_ptr(sf.iterator, dtype=cutlass.Uint8), cute.make_layout(1))
        sf_byte[0] = cutlass.Uint8(amax.to(cutlass.Int32) & 0xFF)
        sf_out = cute.make_tensor(cute.recast_ptr(sf.iterator, dtype=cutlass.Uint8), cute.make_layout(1))
        for b in cutlass.range_constexpr(8):
            packed[b] = cutlass.Uint8(vals[2 * b].to(cutlass.Int32) & 0xF)
        dst = cute.make_tensor(q.iterator + cute.assume(dests[token % 8] * (FEATURES // 2) + lane * 8, divby=8),
                               cute.make_layout(8))
        cute.copy(narrow, packed, dst)
        sfs[token * (FEATURES // 16) + lane] = sf_out[0]


def compile_halves_by_hand():
    m = cute.sym_int()
    x = make_fake_compact_tensor(cutlass.BFloat16, (m, FEATURES), stride_order=(1, 0), assumed_align=16)
    q = make_fake_compact_tensor(cutlass.Uint8, (8 * m, FEATURES // 2), stride_order=(1, 0), assumed_align=16)
    sfs = make_fake_compact_tensor(cutlass.Uint8, (m * (FEATURES // 16),), assumed_align=16)
    return cute.compile(HalvesByHand(), x, q, sfs, make_fake_stream())
