"""A compile-only Blackwell GEMM mainloop whose tcgen05 MMAs are issued by hand (sm_100a): SMEM buffers from
cute.experimental's `allocate`, whole-tile TMA loads into them (one from a tile whose rows are nested), and `tcgen05.mma` in inline PTX on SMEM descriptors
that `make_umma_smem_desc` builds from one k-block's view of each buffer, a k-block's offset added to the descriptor
as an integer. The accumulator is a TMEM tensor over `retrieve_tmem_ptr` of the SMEM word the allocation wrote, laid
out by `make_tmem_layout_acc`; the epilogue warps make their own view of it the same way (a second read of that
word, the same layout) and read it out with a tcgen05.ld partition, and one more over the same word in a layout of
their own (the accumulator's without its size-1 modes, its columns split in two). No CuTe call issues the MMA, so its slots come
only from the values the PTX reads."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils.blackwell_helpers as sm100
from cutlass._mlir.dialects import llvm
from cutlass.cute import experimental as ext
from cutlass.cute.nvgpu import tcgen05

BF16, F32 = cutlass.BFloat16, cutlass.Float32
TILE = (128, 64, 64)  # the CTA's rows, columns and K per load
K_STEPS = 4  # MMA instructions per K tile (K 16 each)
INSTRUCTION = 0x08100490  # a kind::f16 instruction descriptor (bf16 x bf16 -> f32, M 128, N 64): compile-only


@cute.jit
def issue(acc, desc_a, desc_b, accumulate: cutlass.Constexpr, immediate: cutlass.Constexpr):
    if cutlass.const_expr(immediate):  # the instruction descriptor written into the PTX text, no operand of its own
        llvm.inline_asm(
            None,
            [cutlass.Int32(acc.iterator.toint()).ir_value(), desc_a.ir_value(), desc_b.ir_value(),
             cutlass.Int32(accumulate).ir_value()],
            f"{{ .reg .pred p; setp.ne.u32 p, $3, 0; tcgen05.mma.cta_group::1.kind::f16 [$0], $1, $2, {INSTRUCTION}, p; }}",
            "r,l,l,r",
            has_side_effects=True,
            asm_dialect=0,
        )
    else:
        llvm.inline_asm(
            None,
            [cutlass.Int32(acc.iterator.toint()).ir_value(), desc_a.ir_value(), desc_b.ir_value(),
             cutlass.Int32(INSTRUCTION).ir_value(), cutlass.Int32(accumulate).ir_value()],
            "{ .reg .pred p; setp.ne.u32 p, $4, 0; tcgen05.mma.cta_group::1.kind::f16 [$0], $1, $2, $3, p; }",
            "r,l,l,r,r",
            has_side_effects=True,
            asm_dialect=0,
        )


def descriptor(view):
    return tcgen05.smem_descriptor_to_int(tcgen05.make_umma_smem_desc(view.iterator, view.layout, "k",
                                                                      next_src=None))


@ext.kernel
def hand_kernel(cols_in: cute.Tensor, rows_in: cute.Tensor, immediate: cutlass.Constexpr):
    mma = sm100.make_trivial_tiled_mma(BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                       tcgen05.CtaGroup.ONE, TILE[:2])
    buf_c = ext.allocate(BF16, cute.AddressSpace.smem, sm100.make_smem_layout_b(mma, TILE, BF16, 1), alignment=1024)
    buf_r = ext.allocate(BF16, cute.AddressSpace.smem, sm100.make_smem_layout_a(mma, TILE, BF16, 1), alignment=1024)
    word = ext.allocate(cutlass.Int32, cute.AddressSpace.smem, cute.make_layout(1), alignment=16)
    bars = ext.allocate(cutlass.Int64, cute.AddressSpace.smem, cute.make_layout(1), alignment=8)
    layout = ext.make_tmem_layout_acc(mma, TILE[:2], acc_stage=1)
    x, y, _ = cute.arch.block_idx()
    panel_c = cute.local_tile(cols_in, (TILE[1], TILE[2]), (y, 0))
    # the rows' input seen with its row index split in three (32 x 4 x 2, the 4 strided furthest): a tile holds
    # (32, 4) rows
    split = cute.make_tensor(rows_in.iterator, cute.make_layout(((32, 4, 2), TILE[2]), stride=((64, 4096, 2048), 1)))
    panel_r = cute.local_tile(split, (TILE[0], TILE[2]), (x, 0))
    ext.tma_load(panel_c, buf_c[None, None, None, 0], bars.iterator.value,
                 cta_v_map=ext.get_cta_v_map_ab(cols_in, TILE, mma, "B"))
    ext.tma_load(panel_r, buf_r[None, None, None, 0], bars.iterator.value,
                 cta_v_map=ext.get_cta_v_map_ab(split, TILE, mma, "A"))
    warp = cute.arch.warp_idx()
    if warp == 4:
        sums = cute.make_tensor(cute.arch.retrieve_tmem_ptr(F32, 16, word.iterator), layout)
        first_r, first_c = buf_r[None, None, 0, 0], buf_c[None, None, 0, 0]
        desc_r, desc_c = descriptor(first_r), descriptor(first_c)
        for kb in cutlass.range_constexpr(K_STEPS):  # a k-block is 32 bytes further: 2 in the 16-byte address field
            issue(sums[None, None, None, 0], desc_r + kb * 2, desc_c + kb * 2, kb != 0, immediate)
    if warp < 4:
        late = cute.make_tensor(cute.arch.retrieve_tmem_ptr(F32, 16, word.iterator), layout)
        load = cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(8)), F32)
        t2r = tcgen05.make_tmem_copy(load, late[None, 0, 0, 0])
        lanes = t2r.get_slice(cute.arch.thread_idx()[0]).partition_S(late[None, 0, 0, 0])
        # the same columns laid out by hand, the accumulator's size-1 modes dropped and its columns in two halves:
        # (lanes, (columns, halves))
        whole = cute.make_tensor(cute.arch.retrieve_tmem_ptr(F32, 16, word.iterator),
                                 cute.make_layout((TILE[0], (TILE[1] // 2, 2)), stride=(1 << 16, (1, TILE[1] // 2))))


@ext.jit
def hand_host(cols_in: cute.Tensor, rows_in: cute.Tensor, immediate: cutlass.Constexpr):
    hand_kernel(cols_in, rows_in, immediate).launch(grid=(2, 2, 1), block=(160, 1, 1))


def compile_hand(immediate=False):
    from cutlass.cute.runtime import make_fake_compact_tensor

    cols_in, rows_in = (make_fake_compact_tensor(BF16, (extent, TILE[2]), stride_order=(1, 0), assumed_align=16)
                        for extent in (128, 256))
    return ext.compile(hand_host, cols_in, rows_in, immediate)


def compile_hand_immediate():
    return compile_hand(immediate=True)
