"""A compile-only kernel (sm_80) that slices one stage of a staged SMEM buffer at a run-time index and re-slices it
in a dynamic loop (`window = buf[None, None, stage]` before and inside the loop): the loop carries the slice, a
new value of its type, while the code still holds the buffer it was sliced from under its own name."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
from cutlass.cute.runtime import make_fake_compact_tensor

F32 = cutlass.Float32
VALUES, ROWS, STAGES = 32, 4, 3


@cute.kernel
def carried_kernel(src: cute.Tensor, dst: cute.Tensor):
    smem = utils.SmemAllocator()
    buf = smem.allocate_tensor(F32, cute.make_layout((VALUES, ROWS, STAGES)), 16)
    regs = cute.make_rmem_tensor((VALUES, ROWS), F32)
    cute.autovec_copy(src, buf[None, None, 0])
    stage = cutlass.Int32(0)
    window = buf[None, None, stage]
    for _ in cutlass.range(4):
        cute.autovec_copy(window, regs)
        stage = (stage + 1) % STAGES
        window = buf[None, None, stage]
    cute.autovec_copy(regs, dst)


@cute.jit
def carried_host(src: cute.Tensor, dst: cute.Tensor):
    carried_kernel(src, dst).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_carried():
    src = make_fake_compact_tensor(F32, (VALUES, ROWS), stride_order=(0, 1), assumed_align=16)
    dst = make_fake_compact_tensor(F32, (VALUES, ROWS), stride_order=(0, 1), assumed_align=16)
    return cute.compile(carried_host, src, dst)
