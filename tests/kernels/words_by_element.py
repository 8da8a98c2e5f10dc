"""A compile-only columnwise quantizer with no MMA, written by hand: each thread reads 16 values down one column
element by element (signs applied), transforms them by a 16-point Hadamard butterfly in registers, converts them to
E2M1 codes and writes the codes, recast as one 64-bit word, into the transposed output element by element (no copy,
no pointer store), and the block's scale likewise."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

VEC = 16
SIGNS = (1, -1, 1, 1, -1, 1, -1, -1, 1, 1, -1, 1, -1, -1, 1, -1)


class ColumnWords:
    @cute.jit
    def __call__(self, x: cute.Tensor, out: cute.Tensor, scales: cute.Tensor, stream):
        self.kernel(x, out, scales).launch(grid=(x.shape[0] // VEC, x.shape[1] // 128, 1), block=(128, 1, 1),
                                           stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor, scales: cute.Tensor):
        mb, nb, _ = cute.arch.block_idx()
        tidx, _, _ = cute.arch.thread_idx()
        col = nb * 128 + tidx
        vals = cute.make_rmem_tensor(VEC, cutlass.Float32)
        for i in cutlass.range_constexpr(VEC):
            vals[i] = x[mb * VEC + i, col].to(cutlass.Float32) * cutlass.Float32(SIGNS[i])
        # a 16-point Hadamard butterfly in registers
        h = 1
        while h < VEC:
            for i in cutlass.range_constexpr(VEC):
                if i % (2 * h) < h:
                    a, b = vals[i], vals[i + h]
                    vals[i], vals[i + h] = a + b, a - b
            h *= 2
        amax = cutlass.Float32(0.0)
        for i in cutlass.range_constexpr(VEC):
            amax = cute.arch.fmax(amax, cute.math.absf(vals[i]))
        scale = amax / cutlass.Float32(6.0)
        codes = cute.make_rmem_tensor(VEC, cutlass.Float4E2M1FN)
        codes.store((vals.load() / scale).to(cutlass.Float4E2M1FN))
        word = cute.recast_tensor(codes, cutlass.Uint64)
        out_t = cute.make_tensor(cute.recast_ptr(out.iterator, dtype=cutlass.Uint64),
                                 cute.make_layout((x.shape[1], x.shape[0] // VEC), stride=(x.shape[0] // VEC, 1)))
        out_t[col, mb] = word[0]
        scales[col, mb] = scale.to(cutlass.Float8E4M3FN)


def compile_column_words():
    m = cute.sym_int(divisibility=16)
    x = make_fake_compact_tensor(cutlass.BFloat16, (m, 4096), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Uint8, (4096, m), stride_order=(1, 0), assumed_align=16)
    scales = make_fake_compact_tensor(cutlass.Float8E4M3FN, (4096, m), stride_order=(1, 0), assumed_align=16)
    return cute.compile(ColumnWords(), x, out, scales, make_fake_stream())
