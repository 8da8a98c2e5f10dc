"""A compile-only Blackwell GEMM mainloop written with cute.experimental (sm_100a): SMEM rings and a TMEM accumulator
from `allocate` (which leaves no record), whole-tile TMA loads (`tma_load`) from `local_tile`s of the inputs into
one stage of each ring, and tcgen05 MMAs issued by `dot` on one k-block of each ring per instruction, the
accumulator its own D. The operand fed to the MMA's B slot is loaded first, and the rows' input is the kernel's
second parameter."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute import experimental as ext
from cutlass.cute.nvgpu import tcgen05

BF16, F32 = cutlass.BFloat16, cutlass.Float32
TILE = (128, 64, 64)  # the CTA's rows, columns and K per load
RING = 2  # stages of each SMEM ring
K_STEPS = 4  # MMA instructions per K tile (K 16 each)


@ext.kernel
def dot_kernel(cols_in: cute.Tensor, rows_in: cute.Tensor, result: cute.Tensor, inline: cutlass.Constexpr):
    """`inline`: each k-block's view is made inside the `dot` call's arguments (no name holds it), by `append_ones`
    over the ring's slice, which no hook sees (as vLLM's split-K GEMMs write it); the epilogue then reads the
    accumulator out of TMEM and writes the output tile with one ThrCopy, each side partitioned inside
    `partition_and_copy`."""
    mma = sm100.make_trivial_tiled_mma(BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                       tcgen05.CtaGroup.ONE, TILE[:2])
    ring_c = ext.allocate(BF16, cute.AddressSpace.smem, sm100.make_smem_layout_b(mma, TILE, BF16, RING),
                          alignment=1024)
    ring_r = ext.allocate(BF16, cute.AddressSpace.smem, sm100.make_smem_layout_a(mma, TILE, BF16, RING),
                          alignment=1024)
    sums = ext.allocate(F32, cute.AddressSpace.tmem, ext.make_tmem_layout_acc(mma, TILE, 1), alignment=16)
    bars = ext.allocate(cutlass.Int64, cute.AddressSpace.smem, cute.make_layout(RING), alignment=8)
    x, y, _ = cute.arch.block_idx()
    panel_c = cute.local_tile(cols_in, (TILE[1], TILE[2]), (y, None))
    panel_r = cute.local_tile(rows_in, (TILE[0], TILE[2]), (x, None))
    map_c = ext.get_cta_v_map_ab(cols_in, TILE, mma, "B")
    map_r = ext.get_cta_v_map_ab(rows_in, TILE, mma, "A")
    for step in cutlass.range(cute.size(panel_r, mode=[2]), unroll=1):
        slot = step % RING
        ext.tma_load(panel_c[None, None, step], ring_c[None, None, None, slot], (bars.iterator + slot).value,
                     cta_v_map=map_c)
        ext.tma_load(panel_r[None, None, step], ring_r[None, None, None, slot], (bars.iterator + slot).value,
                     cta_v_map=map_r)
    atom = cute.make_mma_atom(mma.op)
    if cutlass.const_expr(inline):
        for step in cutlass.range(cute.size(panel_r, mode=[2]), unroll=1):
            slot = step % RING
            for kb in range(K_STEPS):
                ext.dot(atom, cute.append_ones(ring_r[None, None, kb, slot], up_to_rank=3),
                        cute.append_ones(ring_c[None, None, kb, slot], up_to_rank=3), sums[None, None, None, 0])
                atom.set(tcgen05.Field.ACCUMULATE, True)
        held = sums[((None, None), 0, 0, 0)]
        pull = tcgen05.make_tmem_copy(sm100.get_tmem_load_op(TILE, cutlass.utils.LayoutEnum.ROW_MAJOR, F32, F32,
                                                             TILE[:2], False), held)
        out_tile = cute.flat_divide(cute.local_tile(result, TILE[:2], (x, y)), TILE[:2])
        mine = pull.get_slice(cute.arch.thread_idx()[0])
        values = ext.allocate(F32, cute.AddressSpace.rmem, ext.make_t2r_rmem_layout(pull, out_tile, 0), alignment=32)
        ext.partition_and_copy(mine, held, values)
        ext.partition_and_copy(mine, values, out_tile[None, None, 0, 0])
    else:
        out = sums[None, None, None, 0]
        for kb in cutlass.range_constexpr(K_STEPS):
            lhs = cute.append_ones(ring_r[None, None, kb, 0], up_to_rank=3)
            rhs = cute.append_ones(ring_c[None, None, kb, 0], up_to_rank=3)
            ext.dot(atom, lhs, rhs, out)
            atom.set(tcgen05.Field.ACCUMULATE, True)


@ext.jit
def dot_host(cols_in: cute.Tensor, rows_in: cute.Tensor, result: cute.Tensor, inline: cutlass.Constexpr):
    dot_kernel(cols_in, rows_in, result, inline).launch(grid=(2, 2, 1), block=(128, 1, 1))


def _compile(inline: bool):
    from cutlass.cute.runtime import make_fake_compact_tensor

    cols_in = make_fake_compact_tensor(BF16, (128, 256), stride_order=(1, 0), assumed_align=16)
    rows_in = make_fake_compact_tensor(BF16, (256, 256), stride_order=(1, 0), assumed_align=16)
    result = make_fake_compact_tensor(F32, (256, 128), stride_order=(1, 0), assumed_align=16)
    return ext.compile(dot_host, cols_in, rows_in, result, inline)


def compile_dot():
    return _compile(False)


def compile_inline_dot():
    return _compile(True)
