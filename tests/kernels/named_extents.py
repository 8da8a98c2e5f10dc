"""Compile-only kernels with no MMA that name their tensors' extents, not their indices: a kernel unpacks a shape
(`num_tokens, num_heads, head_dim = q.shape`) to wrap its block indices, a kernel binds a mode's extent to a name
(`num_rows = x.shape[0]`, `n_cols = cute.size(x, mode=[1])`) to bound its loops, a host lays a flat buffer out with
named extents (`make_layout((num_tokens, hidden), ...)`). The indices (`b`, `h`, `t`) say nothing: the extents'
names do (rule `name.extents`)."""
# The tensor names are untyped on purpose (the extent names are what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TOKENS, HEADS, DIM, VEC = 4, 2, 128, 4


@cute.kernel
def scale_heads_kernel(q: cute.Tensor, out: cute.Tensor):
    """out[token, head] = 2 q[token, head], a thread's chunk of the head's vector at a time."""
    num_tokens, num_heads, head_dim = q.shape
    b, h, _ = cute.arch.block_idx()
    t, _, _ = cute.arch.thread_idx()
    b, h, t = b % num_tokens, h % num_heads, t % (head_dim // VEC)
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=64)
    vals = cute.make_rmem_tensor(VEC, cutlass.Float16)
    cute.copy(atom, cute.local_tile(q[b, h, None], (VEC,), (t,)), vals)
    doubled = cute.make_rmem_tensor(VEC, cutlass.Float16)
    doubled.store(vals.load() * cutlass.Float16(2.0))
    cute.copy(atom, doubled, cute.local_tile(out[b, h, None], (VEC,), (t,)))


@cute.jit
def scale_heads_host(q: cute.Tensor, out: cute.Tensor):
    scale_heads_kernel(q, out).launch(grid=(TOKENS, HEADS, 1), block=(DIM // VEC, 1, 1))


@cute.kernel
def row_sums_kernel(x: cute.Tensor, sums: cute.Tensor):
    """sums[r] = sum of x[r, :], one thread per row, element by element."""
    t, _, _ = cute.arch.thread_idx()
    num_rows = x.shape[0]
    n_cols = cute.size(x, mode=[1])
    if t < num_rows:
        row = x[t, None]
        acc = cutlass.Float32(0.0)
        for c in cutlass.range_constexpr(n_cols):
            acc += row[c].to(cutlass.Float32)
        sums[t] = acc.to(cutlass.Float16)


@cute.jit
def row_sums_host(x: cute.Tensor, sums: cute.Tensor):
    row_sums_kernel(x, sums).launch(grid=(1, 1, 1), block=(TOKENS, 1, 1))


@cute.kernel
def row_totals_kernel(x: cute.Tensor, sums: cute.Tensor):
    """sums[r] = sum of x[r, :], as `row_sums_kernel`, its extents named nowhere in the kernel."""
    t, _, _ = cute.arch.thread_idx()
    row = x[t, None]
    acc = cutlass.Float32(0.0)
    for c in cutlass.range_constexpr(DIM // VEC):
        acc += row[c].to(cutlass.Float32)
    sums[t] = acc.to(cutlass.Float16)


@cute.jit
def laid_out_host(flat: cute.Tensor, sums: cute.Tensor, num_tokens: cutlass.Constexpr, hidden: cutlass.Constexpr):
    """A flat buffer seen as (tokens, hidden) by a layout written with the host's named extents."""
    x = cute.make_tensor(flat.iterator, cute.make_layout((num_tokens, hidden), stride=(hidden, 1)))
    row_totals_kernel(x, sums).launch(grid=(1, 1, 1), block=(TOKENS, 1, 1))


def _tensor(dtype, shape):
    return make_fake_compact_tensor(dtype, shape, stride_order=tuple(reversed(range(len(shape)))), assumed_align=16)


def compile_scale_heads():
    return cute.compile(scale_heads_host, _tensor(cutlass.Float16, (TOKENS, HEADS, DIM)),
                        _tensor(cutlass.Float16, (TOKENS, HEADS, DIM)))


def compile_row_sums():
    return cute.compile(row_sums_host, _tensor(cutlass.Float16, (TOKENS, DIM // VEC)),
                        _tensor(cutlass.Float16, (TOKENS,)))


def compile_laid_out():
    return cute.compile(laid_out_host, _tensor(cutlass.Float16, (TOKENS * DIM // VEC,)),
                        _tensor(cutlass.Float16, (TOKENS,)), TOKENS, DIM // VEC)
