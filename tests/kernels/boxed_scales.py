"""A compile-only Blackwell GEMM mainloop (sm_100a) whose loads fill each ring slot in two boxes. A's buffer
(`make_smem_layout_a`, 2 slots) is also seen through a ((half the rows, K), 2, slots) view over its iterator, and a
per-row scale vector's (rows, slots) buffer through a (half the rows, 2, slots) one; TMA partitions of the two
views take one box of rows each, the loop's constant index picks the half and a pipeline state's index the slot
(of the plain buffer too, when the epilogue reads a row's scale). The epilogue partitions an identity tensor of the
tile by a tcgen05.ld copy of its own, and reads the accumulator by another; each row's values, weighted, are summed into
one output per row. No name says which mode is what."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass import pipeline
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (128, 64, 64)  # (M, N, K)
HALF = TILE[0] // 2  # the rows one box brings
SLOTS = 2
F16, F32 = cutlass.Float16, cutlass.Float32


@cute.kernel
def boxed_kernel(mma: cute.TiledMma, load: cute.CopyAtom, whole: cute.Tensor, load_s: cute.CopyAtom,
                 per_row: cute.Tensor, out: cute.Tensor):
    smem = utils.SmemAllocator()
    la = sm100.make_smem_layout_a(mma, TILE, F16, SLOTS)
    lb = sm100.make_smem_layout_b(mma, TILE, F16, SLOTS)
    first = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    second = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    weights = smem.allocate_tensor(F32, cute.make_layout((TILE[0], SLOTS)), 128)
    bar = smem.allocate_array(cutlass.Int64)
    halves = cute.make_tensor(first.iterator, cute.make_layout(((HALF, TILE[2]), 2, SLOTS),
                                                               stride=((TILE[2], 1), HALF * TILE[2], TILE[0] * TILE[2])))
    halved = cute.make_tensor(weights.iterator, cute.make_layout((HALF, 2, SLOTS), stride=(1, HALF, TILE[0])))
    s_rows, g_rows = cpasync.tma_partition(load, 0, cute.make_layout(1), halves,
                                           cute.group_modes(cute.local_tile(whole, (HALF, TILE[2]), (None, 0)), 0, 2))
    s_each, g_each = cpasync.tma_partition(load_s, 0, cute.make_layout(1), halved,
                                           cute.local_tile(per_row, (HALF,), (None,)))
    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    acc = cute.make_tensor(tmem, mma.make_fragment_C(mma.partition_shape_C(TILE[:2])).layout)
    fa, fb = mma.make_fragment_A(first), mma.make_fragment_B(second)
    t, _, _ = cute.arch.thread_idx()
    tile = acc[((None, None), 0, 0)]
    read = cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(64)), F32)
    spots = tcgen05.make_tmem_copy(read, tile).get_slice(t).partition_D(cute.make_identity_tensor(TILE[:2]))
    values = cute.make_fragment_like(spots, F32)
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, SLOTS)
    for n in cutlass.range(4):
        slot = state.index
        for i in cutlass.range_constexpr(2):
            cute.copy(load, g_rows[None, 2 * n + i], s_rows[None, i, slot], tma_bar_ptr=bar)
            cute.copy(load_s, g_each[None, 2 * n + i], s_each[None, i, slot], tma_bar_ptr=bar)
        for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
            cute.gemm(mma, acc, fa[None, None, k, slot], fb[None, None, k, slot], acc)
        t2r = tcgen05.make_tmem_copy(read, tile)
        cute.copy(t2r, t2r.get_slice(t).partition_S(tile), values)
        row, _ = spots[0]
        weight = weights[row, slot]
        total = F32(0)
        for j in cutlass.range_constexpr(cute.size(values)):
            total += values[j] * weight
        out[n * TILE[0] + row] = total
        state.advance()


@cute.jit
def boxed_host(src: cute.Tensor, per_row: cute.Tensor, out: cute.Tensor):
    mma = sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32,
                                       tcgen05.CtaGroup.ONE, TILE[:2])
    la = sm100.make_smem_layout_a(mma, TILE, F16, SLOTS)
    one_box = cute.make_composed_layout(la.inner, 0, cute.make_layout((HALF, TILE[2]), stride=(TILE[2], 1)))
    load, whole = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), src, one_box, (HALF, TILE[2]))
    load_s, rows = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), per_row, cute.make_layout((HALF,)),
                                               (HALF,))
    boxed_kernel(mma, load, whole, load_s, rows, out).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_boxed():
    src = make_fake_compact_tensor(F16, (4 * TILE[0], TILE[2]), stride_order=(1, 0), assumed_align=16)
    per_row = make_fake_compact_tensor(F32, (4 * TILE[0],), assumed_align=16)
    out = make_fake_compact_tensor(F32, (4 * TILE[0],), assumed_align=16)
    return cute.compile(boxed_host, src, per_row, out)
