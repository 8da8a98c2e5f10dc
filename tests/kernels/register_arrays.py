"""Register arrays made the ways hand-laid element-wise kernels make them (cuDNN's Conv3D RMSNorm pad, its Engram
backward): a `cutlass.Array` (whose constructor makes the register tensor inside the DSL and wraps its address, so
the name binds the wrapper, not the tensor), made in a helper the kernel calls, and several register tensors
unpacked from one list comprehension over `range(n)` (`ox, ok = [make_rmem_tensor(...) for _ in range(2)]`).
Each is named where the code binds it.

Compiled for sm_80 with fake tensors (`cute-inspect trace tests/kernels/register_arrays.py:compile_arrays
--arch sm_80`).
"""

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

VEC = 4


@cute.jit
def _row_sums(x: cute.Tensor, row):
    kept = cutlass.Array(cutlass.Float32, 2 * VEC, space=cutlass.AddressSpace.rmem)
    for chunk in cutlass.range_constexpr(2):
        value = (x.iterator.raw_ptr() + row * 8 + chunk * VEC).load(count=VEC, alignment=16)
        kept.store(value, chunk * VEC)
    return kept[0] + kept[VEC]


@cute.jit
def _last_sum(x: cute.Tensor, row):
    # the kernel's last array: no traced call follows it, so it is bound once the trace ends
    last = cutlass.Array(cutlass.Float32, (2, VEC), space=cutlass.AddressSpace.rmem)
    last.store((x.iterator.raw_ptr() + row * 8).load(count=VEC, alignment=16), 0)
    return last[0] + last[VEC - 1]


@cute.kernel
def array_kernel(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    tid, _, _ = cute.arch.thread_idx()
    total = _row_sums(x, tid)
    first, second = [cute.make_rmem_tensor(VEC, cutlass.Float32) for _ in range(2)]
    for j in cutlass.range_constexpr(VEC):
        first[j] = total
        second[j] = total * 2.0
    y[tid] = first[0]
    z[tid] = second[VEC - 1] + _last_sum(x, tid)


@cute.jit
def launch(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    array_kernel(x, y, z).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_arrays():
    x = make_fake_compact_tensor(cutlass.Float32, (32 * 8,))
    y = make_fake_compact_tensor(cutlass.Float32, (32,))
    z = make_fake_compact_tensor(cutlass.Float32, (32,))
    return cute.compile(launch, x, y, z)
