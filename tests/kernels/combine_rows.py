"""A compile-only MoE combine with no MMA: each thread sums its 8 columns of a token's top-4 expert rows, each loaded
by one 128-bit copy into one of two register vectors (a list made by a comprehension) through a view laid over the
row's address, into one fp32 vector stored whole (`acc.store(acc.load() + frags[j % 2].load().to(f32))`), and
copies the bf16 result out."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

HIDDEN, TOPK, VEC = 1024, 4, 8


class CombineRows:
    @cute.jit
    def __call__(self, y: cute.Tensor, slots: cute.Tensor, out: cute.Tensor, stream):
        self.kernel(y, slots, out).launch(grid=(out.shape[0], 1, 1), block=(HIDDEN // VEC, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, y: cute.Tensor, slots: cute.Tensor, out: cute.Tensor):
        token, _, _ = cute.arch.block_idx()
        tidx, _, _ = cute.arch.thread_idx()
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=128)
        col = tidx * VEC
        acc = cute.make_rmem_tensor(cute.make_layout(VEC), cutlass.Float32)
        acc.fill(0.0)
        frags = [cute.make_rmem_tensor(cute.make_layout(VEC), cutlass.BFloat16) for _ in range(2)]
        for j in cutlass.range_constexpr(TOPK):
            row = slots[token * TOPK + j]
            src = cute.make_tensor(y.iterator + cute.assume(row * HIDDEN + col, divby=VEC), cute.make_layout(VEC))
            cute.copy(atom, src, frags[j % 2])
            acc.store(acc.load() + frags[j % 2].load().to(cutlass.Float32))
        result = cute.make_rmem_tensor(cute.make_layout(VEC), cutlass.BFloat16)
        result.store(acc.load().to(cutlass.BFloat16))
        dst = cute.make_tensor(out.iterator + cute.assume(token * HIDDEN + col, divby=VEC), cute.make_layout(VEC))
        cute.copy(atom, result, dst)


def compile_combine_rows():
    t = cute.sym_int()
    y = make_fake_compact_tensor(cutlass.BFloat16, (t * TOPK, HIDDEN), stride_order=(1, 0), assumed_align=16)
    slots = make_fake_compact_tensor(cutlass.Int32, (t * TOPK,), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.BFloat16, (t, HIDDEN), stride_order=(1, 0), assumed_align=16)
    return cute.compile(CombineRows(), y, slots, out, make_fake_stream())
