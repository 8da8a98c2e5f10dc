"""A compile-only Ampere warp-MMA kernel (sm_80) whose register operands no MMA call made: the B fragment is
registers laid out from a bare layout, filled from SMEM by an ldmatrix copy through its `retile`; the A fragment
is `make_fragment_like` of a thread's hand-made view of the SMEM tile (a `make_tensor` over its pointer in the
MMA's per-thread layout). Both enter `cute.gemm`'s slots: the slot makes them the MMA's operands."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

F16, F32 = cutlass.Float16, cutlass.Float32
ROWS, COLS, DEPTH = 32, 16, 32  # the CTA's M, N, K: 2 x 2 MMAs of 16 x 8 x 16, 2 k-blocks


@cute.kernel
def hand_kernel(mma: cute.TiledMma, loader: cute.TiledCopy, left: cute.Tensor, right: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    s_right = smem.allocate_tensor(F16, cute.make_layout((COLS, DEPTH), stride=(DEPTH, 1)), 16)
    s_left = smem.allocate_tensor(F16, cute.make_layout((ROWS, DEPTH), stride=(DEPTH, 1)), 16)
    cute.autovec_copy(right, s_right)
    cute.autovec_copy(left, s_left)
    cute.arch.sync_threads()
    # B: 4 values per instruction (2 x 2), 2 instructions along N, 2 k-blocks
    regs_r = cute.make_rmem_tensor(cute.make_layout(((2, 2), 2, 2)), F16)
    view = loader.get_slice(t)
    src_r = view.partition_S(s_right)
    dst_r = view.retile(regs_r)
    cute.copy(loader, src_r, dst_r)
    # A: one thread's values of the MMA's A tile in SMEM, by hand: 8 values, 2 instructions along M, 2 k-blocks
    rows, quad = t // 4, t % 4
    mine = cute.make_tensor(s_left.iterator + rows * DEPTH + quad * 2,
                            cute.make_layout(((2, 2, 2), 2, 2), stride=((1, 8 * DEPTH, 8), 16 * DEPTH, 16)))
    regs_l = cute.make_fragment_like(mine)
    cute.autovec_copy(mine, regs_l)
    acc = cute.make_rmem_tensor(mma.get_slice(t).partition_shape_C((ROWS, COLS)), F32)
    acc.fill(0.0)
    cute.gemm(mma, acc, regs_l, regs_r, acc)
    cute.printf("{}", acc[0])


@cute.jit
def hand_host(left: cute.Tensor, right: cute.Tensor):
    mma = cute.make_tiled_mma(cute.nvgpu.warp.MmaF16BF16Op(F16, F32, (16, 8, 16)), cute.make_layout((1, 1, 1)))
    ldm = cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 2), F16)
    loader = cute.make_tiled_copy_B(ldm, mma)
    hand_kernel(mma, loader, left, right).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_hand():
    left = make_fake_compact_tensor(F16, (ROWS, DEPTH), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(F16, (COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    return cute.compile(hand_host, left, right)
