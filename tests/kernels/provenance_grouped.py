"""A compile-only Blackwell grouped GEMM's mainloop whose operands are reached through a scheduler's helper.

The kernel receives A (tokens, K, 1) and B (N, K, experts) as TMA coordinate tensors, and a helper (`_expert_view`)
hands it one expert's part of each: `domain_offset` to the expert's first token (A) or to the expert (B), then the
shape rewritten over the same iterator and strides (`make_tensor(t.iterator, make_layout(shape, stride=t.stride))`).
Before its SMEM fragments, the kernel partitions A's and B's SMEM buffers, already in MMA form, once more with the
MMA (only their shapes are used). One k-block is loaded by TMA and multiplied with `cute.gemm`. An SMEM buffer of
per-row scales is named as attention names its scores (`sS`). The epilogue reads the accumulator out of TMEM and
partitions the tile's coordinates for a predicate once the copy's two sides have paired.
"""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILER = (128, 128, 64)
F16, F32 = cutlass.Float16, cutlass.Float32


@cute.jit
def _expert_view(which: cutlass.Constexpr, operand: cute.Tensor, first: cutlass.Int32, count: cutlass.Int32):
    """One expert's rows of A, or one expert's weights of B: the same modes under a shape of the expert's own."""
    shape = operand.shape
    if cutlass.const_expr(which == "rows"):
        shifted = cute.domain_offset((first, 0, 0), operand)
        return cute.make_tensor(shifted.iterator, cute.make_layout((count, shape[1], 1), stride=shifted.stride))
    shifted = cute.domain_offset((0, 0, first), operand)
    return cute.make_tensor(shifted.iterator, cute.make_layout((shape[0], shape[1], 1), stride=shifted.stride))


@cute.kernel
def grouped_kernel(tiled_mma: cute.TiledMma, tma_a: cute.CopyAtom, tokens: cute.Tensor, tma_b: cute.CopyAtom,
                   weights: cute.Tensor, a_layout: cute.ComposedLayout, b_layout: cute.ComposedLayout,
                   offsets: cute.Tensor, extra: cute.Tensor):
    smem = utils.SmemAllocator()
    s_a = smem.allocate_tensor(F16, a_layout.outer, 1024, a_layout.inner)
    s_b = smem.allocate_tensor(F16, b_layout.outer, 1024, b_layout.inner)
    barrier = smem.allocate_array(cutlass.Int64, 1)
    sS = smem.allocate_tensor(F32, cute.make_layout((TILER[0], 4)), 16)  # per-row scales, named like scores
    shape_only = tiled_mma.get_slice(0)
    last_a = cute.size(shape_only.partition_A(s_a), mode=[4]) - 1  # its stage mode, carried from s_a
    last_b = cute.size(shape_only.partition_B(s_b), mode=[4]) - 1
    frag_a, frag_b = tiled_mma.make_fragment_A(s_a), tiled_mma.make_fragment_B(s_b)
    frag_acc = tiled_mma.make_fragment_C(tiled_mma.partition_shape_C(TILER[:2]))

    expert = cute.arch.block_idx()[2]
    first, count = offsets[expert], offsets[expert + 1] - offsets[expert]
    expert_a = _expert_view("rows", tokens, first, count)
    expert_b = _expert_view("expert", weights, expert, count)
    tiles_a = cute.local_tile(expert_a, cute.slice_(TILER, (None, 0, None)), (None, None, None))
    tiles_b = cute.local_tile(expert_b, cute.slice_(TILER, (0, None, None)), (None, None, None))
    thr_mma = tiled_mma.get_slice(0)
    mma_a, mma_b = thr_mma.partition_A(tiles_a), thr_mma.partition_B(tiles_b)
    one_cta = cute.make_layout(1)
    box_s_a, box_g_a = cpasync.tma_partition(tma_a, 0, one_cta, cute.group_modes(s_a, 0, 3),
                                             cute.group_modes(mma_a, 0, 3))
    box_s_b, box_g_b = cpasync.tma_partition(tma_b, 0, one_cta, cute.group_modes(s_b, 0, 3),
                                             cute.group_modes(mma_b, 0, 3))
    cute.copy(tma_a, box_g_a[None, 0, 0, 0], box_s_a[None, 0], tma_bar_ptr=barrier)
    cute.copy(tma_b, box_g_b[None, 0, 0, 0], box_s_b[None, 0], tma_bar_ptr=barrier)
    for k in cutlass.range_constexpr(cute.size(frag_a, mode=[2])):
        cute.gemm(tiled_mma, frag_acc, frag_a[None, None, k, last_a], frag_b[None, None, k, last_b], frag_acc)

    # the epilogue's tcgen05.ld of the accumulator into registers, then the tile's coordinates for a predicate,
    # partitioned on the registers' side once the copy's two sides have paired
    tidx, _, _ = cute.arch.thread_idx()
    acc = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16), frag_acc.layout)
    whole = acc[(None, None), 0, 0]
    t2r = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                 whole)
    thr_t2r = t2r.get_slice(tidx % 128)
    lanes = thr_t2r.partition_S(whole)
    values = cute.make_rmem_tensor(thr_t2r.partition_D(whole).shape, F32)
    cute.copy(t2r, lanes, values)
    where = thr_t2r.partition_D(cute.make_identity_tensor(TILER[:2]))
    values[0] = values[0] * cute.elem_less(where[0][0], count).to(F32)
    # the registers cut in blocks of 16 values (one scale factor each), the divide over all their elements
    blocks = cute.logical_divide(values, cute.make_layout(16))
    values[1] = blocks[0, 0]
    values[2] = extra[None, None, 0][tidx, 0].to(F32)  # a host tensor passed through, of A's type


@cute.jit
def grouped_host(a: cute.Tensor, b: cute.Tensor, offsets: cute.Tensor, extra: cute.Tensor):
    tiled_mma = sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32,
                                             tcgen05.CtaGroup.ONE, TILER[:2])
    a_layout = sm100.make_smem_layout_a(tiled_mma, TILER, F16, 1)
    b_layout = sm100.make_smem_layout_b(tiled_mma, TILER, F16, 1)
    cluster = cute.make_layout((1, 1, 1, 1))
    tma_a, tokens = cute.nvgpu.make_tiled_tma_atom_A(
        cpasync.CopyBulkTensorTileG2SOp(tcgen05.CtaGroup.ONE), a, cute.slice_(a_layout, (None, None, None, 0)),
        TILER, tiled_mma, cluster.shape)
    tma_b, weights = cute.nvgpu.make_tiled_tma_atom_B(
        cpasync.CopyBulkTensorTileG2SOp(tcgen05.CtaGroup.ONE), b, cute.slice_(b_layout, (None, None, None, 0)),
        TILER, tiled_mma, cluster.shape)
    grouped_kernel(tiled_mma, tma_a, tokens, tma_b, weights, a_layout, b_layout, offsets, extra).launch(
        grid=(1, 1, 4), block=(128, 1, 1))


def compile_grouped():
    from cutlass.cute.runtime import make_fake_compact_tensor

    sym = cute.sym_int
    a = make_fake_compact_tensor(F16, (sym(divisibility=128), 4096, 1), stride_order=(1, 0, 2), assumed_align=16)
    b = make_fake_compact_tensor(F16, (sym(divisibility=128), 4096, 4), stride_order=(1, 0, 2), assumed_align=16)
    offsets = make_fake_compact_tensor(cutlass.Int32, (5,), assumed_align=16)
    extra = make_fake_compact_tensor(F16, (sym(divisibility=128), 4096, 1), stride_order=(1, 0, 2), assumed_align=16)
    return cute.compile(grouped_host, a, b, offsets, extra)
