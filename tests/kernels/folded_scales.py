"""A compile-only block-scaled mma.sync product (kind::mxf8f6f4, sm_120a), C = X Y^T, whose B scale factors come
from SMEM through registers the kernel lays out itself: one scale per 32 K values of a column, as (the 32 values
sharing it, the column blocks, the k-blocks). A copy of one byte per value moves them: 4 lanes share a column,
each thread's values are 32 K values (one scale) of two columns 8 apart, so the copy's `retile` of the registers
folds the first column-block leaf into its atom, and the copy writes a `filter_zeros` view of that retile.
Each instruction is issued by the MMA atom, its scale factors set beside it (`atom.set(Field.SFB, ...)`). Names carry no axis letters:
the labels must come from the data flow."""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as helpers
from cutlass.cute.nvgpu.warp.mma import Field
from cutlass.cute.runtime import make_fake_compact_tensor

_ROWS, _COLS, _DEPTH = 64, 32, 64
_F8, _SF = cutlass.Float8E4M3FN, cutlass.Float8E8M0FNU


@cute.kernel
def folded_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    thr = tiled_mma.get_slice(tidx)
    fx = tiled_mma.make_fragment_A(thr.partition_A(x))
    fy = tiled_mma.make_fragment_B(thr.partition_B(y))
    cute.autovec_copy(thr.partition_A(x), fx)
    cute.autovec_copy(thr.partition_B(y), fy)
    # A's scales: unit values in a fragment the helper lays out from a stride-0 shape
    shape_only = cute.make_rmem_tensor(cute.make_layout((_ROWS, _DEPTH), stride=(0, 0)), _SF)
    unit = helpers.partition_fragment_SFA(shape_only, thr, tidx)
    unit.fill(1.0)
    # B's scales in SMEM, (columns, (32 values per scale, k-blocks))
    smem = utils.SmemAllocator()
    held = smem.allocate_tensor(_SF, cute.make_layout((_COLS, (32, 2)), stride=(2, (0, 1))), 16)
    # in registers, made like a thread's view of them: (32 values sharing one scale, 4 column blocks of 8, 2 k-blocks)
    spots = cute.make_tensor(held.iterator + 2 * (tidx % 8), cute.make_layout(((32, 1), 4, 2), stride=((0, 0), 16, 1)))
    mine = cute.make_fragment_like(spots)
    step = cute.make_tiled_copy(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), _SF),
                                cute.make_layout(((4, 8), (1, (32, 2))), stride=((0, 1), (0, (16, 8)))), (16, 32))
    lanes = step.get_slice(tidx)
    mine_view = lanes.retile(mine)
    mine_flat = cute.filter_zeros(mine_view)
    cute.copy(step, cute.filter_zeros(lanes.partition_S(held)), mine_flat)
    acc = cute.make_rmem_tensor(thr.partition_shape_C((_ROWS, _COLS)), cutlass.Float32)
    acc.fill(0.0)
    atom = cute.make_mma_atom(tiled_mma.op)
    for k in range(cute.size(fx, mode=[2])):  # one instruction at a time, its scale factors set beside it
        for n in range(cute.size(fy, mode=[1])):
            atom.set(Field.SFA, unit[None, 0, k].iterator)
            atom.set(Field.SFB, mine[None, n, k].iterator)
            cute.gemm(atom, acc[None, 0, n], fx[None, 0, k], fy[None, n, k], acc[None, 0, n])
    cute.autovec_copy(acc, thr.partition_C(out))


def _tiled_mma():
    op = cute.nvgpu.warp.MmaMXF8Op(_F8, cutlass.Float32, _SF)
    return cute.make_tiled_mma(op, (4, 1, 1), permutation_mnk=(_ROWS, 16, 32))


@cute.jit
def folded_host(x: cute.Tensor, y: cute.Tensor, out: cute.Tensor):
    folded_kernel(_tiled_mma(), x, y, out).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_folded():
    def fake(dtype, shape):
        return make_fake_compact_tensor(dtype, shape, stride_order=(1, 0), assumed_align=16)
    return cute.compile(folded_host, fake(_F8, (_ROWS, _DEPTH)), fake(_F8, (_COLS, _DEPTH)),
                        fake(cutlass.Float32, (_ROWS, _COLS)))
