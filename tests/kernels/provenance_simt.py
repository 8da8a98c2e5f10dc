"""Compile-only kernels with no MMA (element-wise and reduction steps), whose names say nothing about their modes:
the labels must come from the data flow."""
# The names are untyped on purpose (that is what the tests measure), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

VEC = 8


@cute.kernel
def vectors_kernel(first: cute.Tensor, second: cute.Tensor, out: cute.Tensor, count: cutlass.Int32):
    """Each thread adds one 128-bit vector: a row of the (vectors, VEC) views, indexed by the thread's number."""
    bidx, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    i = bidx * 128 + tidx
    if i < count:
        a, b, o = first[i, None], second[i, None], out[i, None]
        ra = cute.make_rmem_tensor_like(a)
        rb = cute.make_rmem_tensor_like(b)
        ro = cute.make_rmem_tensor_like(o)
        cute.autovec_copy(a, ra)
        cute.autovec_copy(b, rb)
        for k in cutlass.range_constexpr(VEC):
            ro[k] = ra[k] + rb[k]
        cute.autovec_copy(ro, o)


@cute.jit
def vectors_host(first: cute.Tensor, second: cute.Tensor, out: cute.Tensor, count: cutlass.Int32):
    vectors_kernel(first, second, out, count).launch(grid=(8, 1, 1), block=(128, 1, 1))


def _rows(shape):
    return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)


def compile_vectors():
    return cute.compile(vectors_host, _rows((1024, VEC)), _rows((1024, VEC)), _rows((1024, VEC)), cutlass.Int32(1024))
