"""A compile-only Blackwell weight-gradient GEMM's mainloop over one expert's tokens (sm_100a), NVFP4: E2M1 operands,
one E4M3 scale per 16 K values.

The reduction axis K is the token axis: the host lays the activations (rows, tokens) and (tokens, columns) out as the
GEMM's A (M, K, 1) and B (N, K, 1) by `make_tensor` over their iterators, and A's scales through
`tile_atom_to_shape_SF`. The kernel first touches its TMA parameters in a helper (`_tokens_of`) that rewrites their
shapes to one expert's token count over the same iterator and strides, so no traced call has read a parameter
before that view is made. A's scales are loaded by TMA unfiltered: the SMEM side keeps the 16 values sharing a
scale, which the coordinate view of the scales folds into one broadcast leaf with the MMA's other scales. The
epilogue views the accumulators in TMEM with each MMA rest regrouped beside its atom. A scheduler warp posts a work
tile's four fields, set one by one in integer registers, into an SMEM mailbox slot by a copy; the other warps copy a
slot back into registers and read its fields one by one. A setup kernel builds one expert's TMA descriptors of A and
of A's scales on the device, both for the MMA's A slot.
"""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
import cutlass.utils.blockscaled_layout as blockscaled
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass.utils.gemm.sm100 import transform_partitioned_tensor_layout

TILER = (128, 128, 256)
VEC = 16  # K values per scale factor
FP4, SF, I32 = cutlass.Float4E2M1FN, cutlass.Float8E4M3FN, cutlass.Int32


@cute.jit
def _tokens_of(operand: cute.Tensor, count: cutlass.Int32):
    """The operand under one expert's token count: the same iterator and strides, the token mode resized."""
    shape = operand.shape
    return cute.make_tensor(operand.iterator, cute.make_layout((shape[0], count, 1), stride=operand.stride))


@cute.kernel
def wgrad_kernel(tiled_mma: cute.TiledMma, tma_a: cute.CopyAtom, tokens_a: cute.Tensor, tma_sfa: cute.CopyAtom,
                 scales_a: cute.Tensor, a_layout: cute.ComposedLayout, sfa_layout: cute.Layout, offsets: cute.Tensor):
    smem = utils.SmemAllocator()
    s_a = smem.allocate_tensor(FP4, a_layout.outer, 1024, a_layout.inner)
    s_sfa = smem.allocate_tensor(SF, sfa_layout, 128)
    barrier = smem.allocate_array(cutlass.Int64, 1)
    slots = smem.allocate_array(I32, 8, byte_alignment=16)
    mailbox = cute.make_tensor(slots, cute.make_layout((4, 2), stride=(1, 4)))
    post = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), I32, num_bits_per_copy=128)
    warp = cute.arch.warp_idx()
    expert = cute.arch.block_idx()[2]
    count = offsets[expert + 1] - offsets[expert]
    slot = pipeline.make_pipeline_state(pipeline.PipelineUserType.Producer, 2)
    if warp == 1:
        posted = cute.make_rmem_tensor((4,), I32)
        posted[0], posted[1], posted[2], posted[3] = expert, 0, 0, count
        cute.copy(post, posted, mailbox[None, slot.index])
    fields = cute.make_rmem_tensor((4,), I32)
    cute.copy(post, mailbox[None, slot.index], fields)

    expert_a = _tokens_of(tokens_a, fields[3])
    expert_sfa = cute.make_tensor(scales_a.iterator, scales_a.layout)
    tiles_a = cute.local_tile(expert_a, cute.slice_(TILER, (None, 0, None)), (None, None, None))
    tiles_sfa = cute.local_tile(expert_sfa, cute.slice_(TILER, (None, 0, None)), (None, None, None))
    thr_mma = tiled_mma.get_slice(0)
    mma_a, mma_sfa = thr_mma.partition_A(tiles_a), thr_mma.partition_A(tiles_sfa)
    one_cta = cute.make_layout(1)
    box_s_a, box_g_a = cpasync.tma_partition(tma_a, 0, one_cta, cute.group_modes(s_a, 0, 3),
                                             cute.group_modes(mma_a, 0, 3))
    cute.copy(tma_a, box_g_a[None, 0, fields[2], 0], box_s_a[None, 0], tma_bar_ptr=barrier)
    box_s_sfa, box_g_sfa = cpasync.tma_partition(tma_sfa, 0, one_cta, cute.group_modes(s_sfa, 0, 3),
                                                 cute.group_modes(mma_sfa, 0, 3))
    cute.copy(tma_sfa, box_g_sfa[None, 0, fields[2], 0], box_s_sfa[None, 0], tma_bar_ptr=barrier)

    # the epilogue's view of the two accumulator stages in TMEM, the second overlapping the first's last 32
    # columns (the scale factors' TMEM taken from it), each MMA rest regrouped beside its atom
    acc_fake = tiled_mma.make_fragment_C(cute.append(tiled_mma.partition_shape_C(TILER[:2]), 2))
    overlapped = cute.make_layout(acc_fake.shape, stride=(*acc_fake.stride[:3], 96 * acc_fake.stride[0][1]))
    acc = cute.make_tensor(cute.make_ptr(cutlass.Float32, 0, cute.AddressSpace.tmem, assumed_align=16), overlapped)
    acc_by_mode = transform_partitioned_tensor_layout(acc)


class _Template:
    """A setup kernel's fields: the operand whose layout each expert's own copy of it is laid out in."""

    def __init__(self, operand: cute.Tensor):
        self.operand = operand


@cute.kernel
def descriptors_kernel(tiled_mma: cute.TiledMma, a_gemm: cute.Tensor, sfa_gemm: cute.Tensor,
                       a_layout: cute.ComposedLayout, sfa_layout: cute.Layout, offsets: cute.Tensor,
                       copies: cute.Tensor):
    """One expert's TMA descriptors of A and of A's scales, built on the device as a grouped GEMM's setup kernel
    builds them: A's first, for the MMA's A slot, then the scales' for the same slot. Each expert's own copy of A,
    at a pointer read from an array, is laid out as A (the template a field holds)."""
    expert = cute.arch.block_idx()[0]
    fields = _Template(a_gemm)
    expert_copy = cute.make_tensor(cute.make_ptr(FP4, copies[expert], cute.AddressSpace.gmem, assumed_align=32),
                                   fields.operand.layout)
    first, count = offsets[expert], offsets[expert + 1] - offsets[expert]
    rows = cute.size(a_gemm, mode=[0])
    expert_rows = cute.make_tensor(a_gemm.iterator + cutlass.Int64(first) * a_gemm.stride[1],
                                   cute.make_layout((rows, count, 1), stride=a_gemm.stride))
    expert_scales = cute.make_tensor(sfa_gemm.iterator + cutlass.Int64(rows) * cutlass.Int64(first) // VEC,
                                     blockscaled.tile_atom_to_shape_SF((rows, count, 1), VEC))
    cluster = cute.make_layout((1, 1, 1, 1)).shape
    load = cpasync.CopyBulkTensorTileG2SOp(tcgen05.CtaGroup.ONE)
    cute.nvgpu.make_tiled_tma_atom_A(load, expert_rows, cute.slice_(a_layout, (None, None, None, 0)), TILER,
                                     tiled_mma, cluster)
    cute.nvgpu.make_tiled_tma_atom_A(load, expert_scales, cute.slice_(sfa_layout, (None, None, None, 0)), TILER,
                                     tiled_mma, cluster, internal_type=cutlass.Uint64)


@cute.jit
def wgrad_host(activations: cute.Tensor, sfa: cute.Tensor, offsets: cute.Tensor, copies: cute.Tensor):
    tiled_mma = sm100.make_blockscaled_trivial_tiled_mma(FP4, FP4, OperandMajorMode.K, OperandMajorMode.K, SF, VEC,
                                                         tcgen05.CtaGroup.ONE, TILER[:2])
    rows, tokens = activations.shape
    a_gemm = cute.make_tensor(activations.iterator, cute.make_layout(
        (rows, tokens, 1), stride=(activations.stride[0], activations.stride[1], 0)))
    sfa_gemm = cute.make_tensor(sfa.iterator, blockscaled.tile_atom_to_shape_SF((rows, tokens, 1), VEC))
    a_layout = sm100.make_smem_layout_a(tiled_mma, TILER, FP4, 2)
    sfa_layout = blockscaled.make_smem_layout_sfa(tiled_mma, TILER, VEC, 2)
    descriptors_kernel(tiled_mma, a_gemm, sfa_gemm, a_layout, sfa_layout, offsets, copies).launch(
        grid=(4, 1, 1), block=(1, 1, 1))
    cluster = cute.make_layout((1, 1, 1, 1)).shape
    load = cpasync.CopyBulkTensorTileG2SOp(tcgen05.CtaGroup.ONE)
    tma_a, tokens_a = cute.nvgpu.make_tiled_tma_atom_A(load, a_gemm, cute.slice_(a_layout, (None, None, None, 0)),
                                                       TILER, tiled_mma, cluster)
    tma_sfa, scales_a = cute.nvgpu.make_tiled_tma_atom_A(load, sfa_gemm, cute.slice_(sfa_layout, (None, None, None, 0)),
                                                         TILER, tiled_mma, cluster, internal_type=cutlass.Uint64)
    wgrad_kernel(tiled_mma, tma_a, tokens_a, tma_sfa, scales_a, a_layout, sfa_layout, offsets).launch(
        grid=(1, 1, 4), block=(128, 1, 1))


def compile_wgrad():
    from cutlass.cute.runtime import make_fake_compact_tensor

    activations = make_fake_compact_tensor(FP4, (4096, cute.sym_int(divisibility=256)), stride_order=(1, 0),
                                           assumed_align=16)
    sfa = make_fake_compact_tensor(SF, (cute.sym_int(divisibility=512),), assumed_align=16)
    offsets = make_fake_compact_tensor(I32, (5,), assumed_align=16)
    copies = make_fake_compact_tensor(cutlass.Int64, (4,), assumed_align=16)
    return cute.compile(wgrad_host, activations, sfa, offsets, copies)
