"""A compile-only kernel with no MMA whose copies move registers through merged views (flashinfer's SM120 MegaMoE
top-k reduce): `copy(atom, coalesce(tile), coalesce(regs))` fills the thread's 8-value vector from a row of the
input, and `copy(atom, coalesce(out_regs), coalesce(out_tile))` writes the scaled values out. The registers a merged
view stands for are what the copy moved.

Compiled for sm_80 with fake tensors (`cute-inspect trace tests/kernels/merged_copies.py:compile_merged --arch
sm_80`).
"""
# The tensor names are untyped on purpose (what made each tensor is what the test measures), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

VEC, COLUMNS = 8, 256


@cute.kernel
def merged_kernel(x: cute.Tensor, y: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    row, _, _ = cute.arch.block_idx()
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=128)
    in_regs = cute.make_rmem_tensor((VEC,), cutlass.BFloat16)
    in_tile = cute.local_tile(x[row, None], (VEC,), (tidx,))
    cute.copy(atom, cute.coalesce(in_tile), cute.coalesce(in_regs))
    out_regs = cute.make_rmem_tensor((VEC,), cutlass.BFloat16)
    out_regs.store((in_regs.load().to(cutlass.Float32) * 2.0).to(cutlass.BFloat16))
    out_tile = cute.local_tile(y[row, None], (VEC,), (tidx,))
    cute.copy(atom, cute.coalesce(out_regs), cute.coalesce(out_tile))


@cute.jit
def launch(x: cute.Tensor, y: cute.Tensor):
    merged_kernel(x, y).launch(grid=(x.shape[0], 1, 1), block=(COLUMNS // VEC, 1, 1))


def compile_merged():
    x = make_fake_compact_tensor(cutlass.BFloat16, (16, COLUMNS), stride_order=(1, 0), assumed_align=16)
    y = make_fake_compact_tensor(cutlass.BFloat16, (16, COLUMNS), stride_order=(1, 0), assumed_align=16)
    return cute.compile(launch, x, y)
