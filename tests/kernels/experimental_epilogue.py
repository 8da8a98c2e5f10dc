"""A compile-only Blackwell GEMM written with cute.experimental (sm_100a) whose epilogue reads the accumulator out
of TMEM into registers laid out by `make_t2r_rmem_layout`, adds a per-row shift loaded into registers of the same
layout, and writes the tile out, each copy a `partition_and_copy` that partitions the non-register side inside.
The shift is a (rows, columns, batch) tensor broadcast along the columns by a stride of 0, tiled as the output
is: by the same tiler at the same block indices, and read by nothing an MMA or a tiled copy joins to the output."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute import experimental as ext
from cutlass.cute.nvgpu import tcgen05

BF16, F32 = cutlass.BFloat16, cutlass.Float32
TILE = (128, 64, 64)  # the CTA's rows, columns and K
K_STEPS = 4  # MMA instructions per K tile (K 16 each)


@ext.kernel
def epilogue_kernel(rows_in: cute.Tensor, cols_in: cute.Tensor, result: cute.Tensor, shift: cute.Tensor):
    mma = sm100.make_trivial_tiled_mma(BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                       tcgen05.CtaGroup.ONE, TILE[:2])
    ring_r = ext.allocate(BF16, cute.AddressSpace.smem, sm100.make_smem_layout_a(mma, TILE, BF16, 1),
                          alignment=1024)
    ring_c = ext.allocate(BF16, cute.AddressSpace.smem, sm100.make_smem_layout_b(mma, TILE, BF16, 1),
                          alignment=1024)
    sums = ext.allocate(F32, cute.AddressSpace.tmem, ext.make_tmem_layout_acc(mma, TILE, 1), alignment=16)
    bars = ext.allocate(cutlass.Int64, cute.AddressSpace.smem, cute.make_layout(1), alignment=8)
    x, y, z = cute.arch.block_idx()
    tid, _, _ = cute.arch.thread_idx()
    panel_r = cute.local_tile(rows_in, (TILE[0], TILE[2]), (x, None, z))
    panel_c = cute.local_tile(cols_in, (TILE[1], TILE[2]), (y, None, z))
    out_tile = cute.local_tile(result, TILE[:2], (x, y, z))
    shift_tile = cute.local_tile(shift, TILE[:2], (x, y, z))
    ext.tma_load(panel_r[None, None, 0], ring_r[None, None, None, 0], bars.iterator.value,
                 cta_v_map=ext.get_cta_v_map_ab(rows_in, TILE, mma, "A"))
    ext.tma_load(panel_c[None, None, 0], ring_c[None, None, None, 0], bars.iterator.value,
                 cta_v_map=ext.get_cta_v_map_ab(cols_in, TILE, mma, "B"))
    atom = cute.make_mma_atom(mma.op)
    for kb in cutlass.range_constexpr(K_STEPS):
        ext.dot(atom, cute.append_ones(ring_r[None, None, kb, 0], up_to_rank=3),
                cute.append_ones(ring_c[None, None, kb, 0], up_to_rank=3), sums[None, None, None, 0])
        atom.set(tcgen05.Field.ACCUMULATE, True)
    held = sums[((None, None), 0, 0, 0)]
    pull = tcgen05.make_tmem_copy(sm100.get_tmem_load_op(TILE, cutlass.utils.LayoutEnum.COL_MAJOR, F32, F32,
                                                         TILE[:2], False), held)
    out_pieces = cute.flat_divide(out_tile, TILE[:2])
    shift_pieces = cute.flat_divide(shift_tile, TILE[:2])
    mine = pull.get_slice(tid)
    laid = ext.make_t2r_rmem_layout(pull, out_pieces, tid)
    acc_regs = ext.allocate(F32, cute.AddressSpace.rmem, laid, alignment=32)
    shift_regs = ext.allocate(F32, cute.AddressSpace.rmem, laid, alignment=32)
    out_regs = ext.allocate(F32, cute.AddressSpace.rmem, laid, alignment=32)
    fetch = cute.make_tiled_copy_D(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F32), pull)
    ext.partition_and_copy(fetch.get_slice(tid), shift_pieces[None, None, 0, 0], shift_regs)
    ext.partition_and_copy(mine, held, acc_regs)
    out_regs.store(acc_regs.load() + shift_regs.load())
    ext.partition_and_copy(mine, out_regs, out_pieces[None, None, 0, 0])


@ext.jit
def epilogue_host(rows_in: cute.Tensor, cols_in: cute.Tensor, result: cute.Tensor, shift: cute.Tensor):
    epilogue_kernel(rows_in, cols_in, result, shift).launch(grid=(2, 2, 1), block=(128, 1, 1))


def compile_epilogue():
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_tensor

    rows_in = make_fake_compact_tensor(BF16, (256, 256, 1), stride_order=(1, 0, 2), assumed_align=16)
    cols_in = make_fake_compact_tensor(BF16, (128, 256, 1), stride_order=(1, 0, 2), assumed_align=16)
    result = make_fake_compact_tensor(F32, (256, 128, 1), stride_order=(0, 1, 2), assumed_align=16)
    shift = make_fake_tensor(F32, (256, 128, 1), stride=(1, 0, 0), assumed_align=16)
    return ext.compile(epilogue_host, rows_in, cols_in, result, shift)
