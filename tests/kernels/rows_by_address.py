"""A compile-only gather with no MMA, written by hand as MoE dispatch kernels are: each CTA reads one token row
through the 64-bit address a table holds, lays the row over it by hand (`make_tensor(make_ptr(...), (width,))`,
its width a run-time parameter), divides it into 8-value vectors and copies the thread's vector into registers,
then scales and stores it into the output row (a kernel parameter)."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

WIDTH, VEC = 256, 8


class GatherByAddress:
    @cute.jit
    def __call__(self, addresses: cute.Tensor, out: cute.Tensor, width: cutlass.Int32, stream):
        self.kernel(addresses, out, width).launch(grid=(addresses.shape[0], 1, 1), block=(WIDTH // VEC, 1, 1),
                                                  stream=stream)

    @cute.kernel
    def kernel(self, addresses: cute.Tensor, out: cute.Tensor, width: cutlass.Int32):
        token, _, _ = cute.arch.block_idx()
        lane, _, _ = cute.arch.thread_idx()
        source = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, addresses[token], cute.AddressSpace.gmem,
                                                assumed_align=16), cute.make_layout((width,)))
        vectors = cute.tiled_divide(source, (VEC,))
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=128)
        held = cute.make_rmem_tensor(VEC, cutlass.BFloat16)
        cute.copy(atom, vectors[None, lane], held)
        for i in cutlass.range_constexpr(VEC):
            out[token, lane * VEC + i] = held[i] * cutlass.BFloat16(2.0)


def compile_gather_by_address():
    tokens = cute.sym_int()
    addresses = make_fake_compact_tensor(cutlass.Int64, (tokens,), assumed_align=8)
    out = make_fake_compact_tensor(cutlass.BFloat16, (tokens, WIDTH), stride_order=(1, 0), assumed_align=16)
    return cute.compile(GatherByAddress(), addresses, out, cutlass.Int32(WIDTH), make_fake_stream())
