"""A compile-only Blackwell mainloop whose K-major A buffer (`make_smem_layout_a`, one ring slot) is written through a
plain row-major (rows, K words) Int32 view over its recast iterator: the destination of a tiled copy from registers
that holds values the threads computed (here loaded and kept as they are), as kernels do that rebase or scale an
operand before the MMA reads it. No TMA cuts that view: it holds the MMA's operand tile, not a CTA tile of its own."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (128, 64, 64)  # (M, N, K)
WORDS = TILE[2] // 2  # the K extent in 32-bit words of two fp16 values
F16, F32, I32 = cutlass.Float16, cutlass.Float32, cutlass.Int32


@cute.kernel
def gathered_kernel(mma: cute.TiledMma, rows: cute.Tensor):
    smem = utils.SmemAllocator()
    la = sm100.make_smem_layout_a(mma, TILE, F16, 1)
    lb = sm100.make_smem_layout_b(mma, TILE, F16, 1)
    first = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    second = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    words = cute.make_tensor(cute.recast_ptr(first.iterator, dtype=I32),
                             cute.make_layout((TILE[0], WORDS), stride=(WORDS, 1)))
    tidx, _, _ = cute.arch.thread_idx()
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), I32, num_bits_per_copy=32)
    r2s = cute.make_tiled_copy_tv(atom, cute.make_layout((4, 32), stride=(32, 1)), cute.make_layout((1, 1)))
    thr = r2s.get_slice(tidx)
    values = cute.make_fragment_like(thr.partition_S(rows))
    cute.autovec_copy(thr.partition_S(rows), values)
    cute.copy(r2s, values, thr.partition_D(words))
    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    acc = cute.make_tensor(tmem, mma.make_fragment_C(mma.partition_shape_C(TILE[:2])).layout)
    fa, fb = mma.make_fragment_A(first), mma.make_fragment_B(second)
    for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
        cute.gemm(mma, acc, fa[None, None, k, 0], fb[None, None, k, 0], acc)


@cute.jit
def gathered_host(rows: cute.Tensor):
    mma = sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32,
                                       tcgen05.CtaGroup.ONE, TILE[:2])
    gathered_kernel(mma, rows).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_gathered():
    rows = make_fake_compact_tensor(I32, (TILE[0], WORDS), stride_order=(1, 0), assumed_align=16)
    return cute.compile(gathered_host, rows)
