"""Compile-only Blackwell GEMMs whose epilogues write statistics of the accumulator, not the accumulator (sm_100a).

`split_kernel`: one CTA per (row tile, column split); the accumulator's two column halves, made as one MMA tile of
twice the width, are handed between the MMA and the epilogue one pipeline slot at a time; the epilogue writes one
partial per (row, split) into a (rows, splits) buffer tiled at the split's index, and a per-row vector aligned with a
(rows, 1) copy tiler by an appended unit mode, guarded by the coordinates that copy partitions.

`slices_kernel`: one A tile of several k-blocks, each multiplied into its own accumulator slice (side by side in
TMEM's columns, ACCUMULATE off), the slices beside an accumulator pipeline slot; A is a (rows, k, 1) tensor whose unit
batch mode has the rows' unit stride; the epilogue regroups the accumulator, divides it by the MMA tile and reads it
out with a tcgen05.ld into registers made from a bare shape; the threads also read A's SMEM through a plain view of
its storage. No name says which mode is which."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass import pipeline
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass.utils.gemm.sm100 import transform_partitioned_tensor_layout

TILE = (128, 64, 64)  # (M, N, K) of one product
SPLIT = 256  # the columns of B one CTA covers
F16, F32 = cutlass.Float16, cutlass.Float32
SLICES, NARROW = 4, (128, 16, 16)  # side-by-side products of one A tile, and their (M, N, K)


def _mma(tile):
    return sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, tile[:2])


@cute.kernel
def split_kernel(mma: cute.TiledMma, x: cute.Tensor, w: cute.Tensor, part: cute.Tensor, vec: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    pm, pn, _ = cute.arch.block_idx()
    smem = utils.SmemAllocator()
    la, lb = sm100.make_smem_layout_a(mma, TILE, F16, 2), sm100.make_smem_layout_b(mma, TILE, F16, 2)
    fa = mma.make_fragment_A(smem.allocate_tensor(F16, la.outer, 1024, la.inner))
    fb = mma.make_fragment_B(smem.allocate_tensor(F16, lb.outer, 1024, lb.inner))
    thr = mma.get_slice(0)
    pa = thr.partition_A(cute.local_tile(x, (TILE[0], TILE[2]), (pm, None)))
    ws = cute.local_tile(w, (SPLIT, cute.size(w, mode=[1])), (pn, 0))
    pb = thr.partition_B(cute.local_tile(ws, (TILE[1], TILE[2]), (None, None)))
    fake = mma.make_fragment_C(mma.partition_shape_C((TILE[0], 2 * TILE[1])))
    acc = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16), fake.layout)
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Producer, 2)
    for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
        cute.gemm(mma, cute.append_ones(acc[(None, None, state.index)]), fa[None, None, k, 0], fb[None, None, k, 0],
                  cute.append_ones(acc[(None, None, state.index)]))
    state.advance()

    rows = cute.make_layout((TILE[0], 1))
    out = cute.make_tiled_copy(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F32), rows, (TILE[0], 1))
    thr_out = out.get_slice(tidx)
    gp = cute.local_tile(part, (TILE[0], 1), (pm, pn))
    tp = thr_out.partition_D(gp)
    rp = cute.make_rmem_tensor(tp.shape, F32)
    grid = cute.make_identity_tensor((TILE[0], 2 * TILE[1]))
    cgrid = thr.partition_C(grid)
    guard = thr_out.partition_S(grid)
    cute.copy(out, rp, tp)
    gv = cute.append_ones(cute.local_tile(vec, (TILE[0],), (pm,)))
    tv = thr_out.partition_D(gv)
    rv = cute.make_rmem_tensor(tv.shape, F32)
    cute.copy(out, rv, tv)


@cute.kernel
def slices_kernel(mma: cute.TiledMma, a: cute.Tensor, h: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    wide = (NARROW[0], NARROW[1], SLICES * NARROW[2])
    la, lb = sm100.make_smem_layout_a(mma, wide, F16, 2), sm100.make_smem_layout_b(mma, NARROW, F16, 1)
    raw = smem.allocate_array(F16, cute.cosize(la.outer), byte_alignment=1024)
    swizzled = cute.recast_ptr(raw, la.inner, dtype=F16)
    sa = cute.make_tensor(swizzled, la.outer)
    plain = cute.make_tensor(swizzled, cute.make_layout((NARROW[0], SLICES * NARROW[2], 2),
                                                        stride=(SLICES * NARROW[2], 1, cute.cosize(la.outer) // 2)))
    fa = mma.make_fragment_A(sa)
    fb = mma.make_fragment_B(smem.allocate_tensor(F16, lb.outer, 1024, lb.inner))
    thr = mma.get_slice(0)
    pa = thr.partition_A(cute.local_tile(a, (NARROW[0], SLICES * NARROW[2]), (None, None, None)))
    pb = thr.partition_B(cute.local_tile(h, NARROW[1:], (None, None, None)))
    fake = mma.make_fragment_C(cute.append(cute.append(mma.partition_shape_C(NARROW[:2]), SLICES), 1))
    acc = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16), fake.layout)
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Producer, 1)
    for u in cutlass.range_constexpr(SLICES):
        cute.gemm(mma, acc[(None, None, None, u, state.index)], fa[(None, None, u, 0)], fb[(None, None, 0, 0)],
                  acc[(None, None, None, u, state.index)])
    state.advance()

    regrouped = transform_partitioned_tensor_layout(acc)
    cut = cute.flat_divide(regrouped, NARROW[:2])
    load = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  cut[(None, None, 0, 0, 0, 0)])
    thr_load = load.get_slice(tidx)
    tl = thr_load.partition_S(cut)
    got = cute.make_rmem_tensor(((16, 1), 1, 1), F32)
    for u in cutlass.range_constexpr(SLICES):
        cute.copy(load, tl[(None, None, None, 0, 0, u, 0)], got)
    row = plain[(tidx, 0, 0)]


@cute.jit
def split_host(x: cute.Tensor, w: cute.Tensor, part: cute.Tensor, vec: cute.Tensor):
    split_kernel(_mma(TILE), x, w, part, vec).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def slices_host(a: cute.Tensor, h: cute.Tensor):
    slices_kernel(_mma(NARROW), a, h).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_split():
    from cutlass.cute.runtime import make_fake_compact_tensor

    rows = cute.sym_int()
    x = make_fake_compact_tensor(F16, (rows, 512), stride_order=(1, 0), assumed_align=16)
    w = make_fake_compact_tensor(F16, (4 * SPLIT, 512), stride_order=(1, 0), assumed_align=16)
    part = make_fake_compact_tensor(F32, (rows, 4), stride_order=(1, 0), assumed_align=16)
    vec = make_fake_compact_tensor(F32, (rows,), assumed_align=16)
    return cute.compile(split_host, x, w, part, vec)


def compile_slices():
    from cutlass.cute.runtime import make_fake_tensor

    # (columns, tokens, 1): the unit batch mode's stride is the columns' own 1
    a = make_fake_tensor(F16, (cute.sym_int(), cute.sym_int(), 1), stride=(1, cute.sym_int(), 1), assumed_align=16)
    h = make_fake_tensor(F16, NARROW[1:] + (1,), stride=(NARROW[2], 1, 1), assumed_align=16)
    return cute.compile(slices_host, a, h)
