"""A compile-only row quantizer with no MMA, written by hand: each thread lays views of its 16-value block of the
input row and of the output row over pointers (`make_tensor(make_ptr(...), (16,))`), reads the input vector element
by element into registers, reduces its amax and writes the scaled E4M3 values into the output vector element by
element (no copy)."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

VEC = 16


class BlockByElements:
    @cute.jit
    def __call__(self, x: cute.Tensor, out: cute.Tensor, stream):
        self.kernel(x, out).launch(grid=(x.shape[0], 1, 1), block=(x.shape[1] // VEC, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        hidden = x.shape[1]
        src = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, (x.iterator + row * hidden + block * VEC).toint(),
                                             cute.AddressSpace.gmem, assumed_align=32), cute.make_layout((VEC,)))
        dst = cute.make_tensor(cute.make_ptr(cutlass.Float8E4M3FN, (out.iterator + row * hidden + block * VEC).toint(),
                                             cute.AddressSpace.gmem, assumed_align=16), cute.make_layout((VEC,)))
        vals = cute.make_rmem_tensor(VEC, cutlass.Float32)
        amax = cutlass.Float32(0.0)
        for i in cutlass.range_constexpr(VEC):
            vals[i] = src[i].to(cutlass.Float32)
            amax = cute.arch.fmax(amax, cute.math.absf(vals[i]))
        for i in cutlass.range_constexpr(VEC):
            dst[i] = (vals[i] * (cutlass.Float32(448.0) / amax)).to(cutlass.Float8E4M3FN)


def compile_block_by_elements():
    m = cute.sym_int()
    x = make_fake_compact_tensor(cutlass.BFloat16, (m, 4096), stride_order=(1, 0), assumed_align=32)
    out = make_fake_compact_tensor(cutlass.Float8E4M3FN, (m, 4096), stride_order=(1, 0), assumed_align=16)
    return cute.compile(BlockByElements(), x, out, make_fake_stream())
