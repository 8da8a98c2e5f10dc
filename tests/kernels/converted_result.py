"""A compile-only kernel with no MMA (sm_80): each thread sums four columns of its row over the row's chunks into FP32
registers made from a bare shape, converts them whole into FP16 registers (`rO.store(rAcc.load().to(f16))`), and
writes those out element by element: both arrays hold the written-out result."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

F16, F32 = cutlass.Float16, cutlass.Float32
VEC, CHUNKS = 4, 8


@cute.kernel
def converted_kernel(parts: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    total = cute.make_rmem_tensor(cute.make_layout(VEC), F32)
    total.fill(0.0)
    for c in cutlass.range_constexpr(CHUNKS):
        for j in cutlass.range_constexpr(VEC):
            total[j] = total[j] + parts[c, tidx * VEC + j]
    half = cute.make_rmem_tensor(cute.make_layout(VEC), F16)
    half.store(total.load().to(F16))
    for j in cutlass.range_constexpr(VEC):
        out[tidx * VEC + j] = half[j]


@cute.jit
def converted_host(parts: cute.Tensor, out: cute.Tensor):
    converted_kernel(parts, out).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_converted_result():
    parts = make_fake_compact_tensor(F32, (CHUNKS, 32 * VEC), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(F16, (32 * VEC,), assumed_align=16)
    return cute.compile(converted_host, parts, out)
