"""A compile-only Blackwell attention forward in the transposed form, whose names say nothing about its modes
(sm_100a).

S^T = X Y^T puts the keys on the first MMA's rows and 32 query rows on its columns; O^T = Z^T P puts the head dim on
the second MMA's rows, and P enters its B slot. The scores are read out of TMEM (tcgen05.ld), exponentiated by
packed f32x2 arithmetic in a helper, converted and written into the second MMA's B buffer through a view of that
buffer in the scores' (keys, rows) shape. A per-row statistic, an SMEM vector broadcast over the keys, is
partitioned by the same tcgen05.ld copy after the output's pair. The key buffer is viewed flat as (keys, dim) and
cut into 32-key boxes, each loaded by TMA from a global key cache.
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

KEYS, ROWS, DIM, BOX = 128, 16, 128, 32
F16, F32 = cutlass.Float16, cutlass.Float32
FIRST, SECOND = (KEYS, ROWS, DIM), (DIM, ROWS, KEYS)  # (M, N, K) of S^T = X Y^T and of O^T = Z^T P


def _mma(a_major, b_major, mn):
    return sm100.make_trivial_tiled_mma(F16, F16, a_major, b_major, F32, tcgen05.CtaGroup.ONE, mn)


@cute.jit
def _shifted_exp(values: cute.Tensor, shift: cute.Tensor, out: cute.Tensor):
    """out = exp2((values - shift) * c), two elements at a time."""
    for i in cutlass.range_constexpr(0, cute.size(values), 2):
        pair = cute.arch.add_packed_f32x2((values[i], values[i + 1]), (-shift[i], -shift[i + 1]))
        pair = cute.arch.mul_packed_f32x2(pair, (F32(1.4426950408889634), F32(1.4426950408889634)))
        out[i] = cute.math.exp2(pair[0], fastmath=True)
        out[i + 1] = cute.math.exp2(pair[1], fastmath=True)


@cute.kernel
def forward_kernel(one: cute.TiledMma, two: cute.TiledMma, box_atom: cute.CopyAtom, cache: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    la, lb = sm100.make_smem_layout_a(one, FIRST, F16, 1), sm100.make_smem_layout_b(one, FIRST, F16, 1)
    lc, ld = sm100.make_smem_layout_a(two, SECOND, F16, 1), sm100.make_smem_layout_b(two, SECOND, F16, 1)
    u = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    w = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    z = cute.make_tensor(cute.recast_ptr(u.iterator, lc.inner, dtype=F16), lc.outer)  # over u's memory
    b2 = smem.allocate_tensor(F16, ld.outer, 1024, ld.inner)
    vec = smem.allocate_tensor(F32, cute.make_layout((KEYS, ROWS), stride=(0, 1)), 16)
    wide = smem.allocate_tensor(F32, cute.make_layout((DIM, ROWS), stride=(1, DIM)), 16)

    s1, s2 = one.get_slice(0), two.get_slice(0)
    acc_a = s1.make_fragment_C(one.partition_shape_C(FIRST[:2]))
    acc_b = s2.make_fragment_C(two.partition_shape_C(SECOND[:2]))
    vc = s1.partition_C(vec)
    wc = s2.partition_C(wide)
    fu, fw = s1.make_fragment_A(u), s1.make_fragment_B(w)
    fz, fb = s2.make_fragment_A(z), s2.make_fragment_B(b2)
    # the B buffer of the second product seen in the first product's accumulator shape: element (key, row) of
    # the view is element (row, key) of the buffer
    through = cute.composition(b2, cute.make_ordered_layout(acc_a.shape, order=((1, 0), 2, 3)))
    # and with two more size-1 modes (the scores' tile of a one-slot ring, twice nested): no mode of the buffer
    # stands at their places
    ringed = cute.composition(b2, cute.make_ordered_layout(acc_a.shape + (1, 1), order=((1, 0), 2, 3, 4, 5)))

    for k in cutlass.range_constexpr(cute.size(fu, mode=[2])):
        cute.gemm(one, acc_a, fu[None, None, k, 0], fw[None, None, k, 0], acc_a)
    for k in cutlass.range_constexpr(cute.size(fz, mode=[2])):
        cute.gemm(two, acc_b, fz[None, None, k, 0], fb[None, None, k, 0], acc_b)

    # the warps that read the scores and write P
    reader = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(ROWS)), F32),
                                    acc_a[(None, None), 0, 0])
    mine = reader.get_slice(tidx % 128)
    c1 = mine.partition_S(acc_a)
    c2 = mine.partition_D(through)
    c3 = mine.partition_S(acc_b)
    c4 = mine.partition_D(wc)
    c5 = mine.partition_D(vc)
    # the same load made over the whole accumulator, its rests too (a tiler of three modes): thread t's values are
    # TMEM lane t's columns
    whole = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(ROWS)), F32),
                                   acc_a)
    lanes = whole.get_slice(tidx % 128)
    c6 = lanes.partition_S(acc_a)
    c7 = lanes.partition_D(through)
    r1 = cute.make_rmem_tensor(c2.shape, F32)
    cute.copy(reader, c1, r1)
    r2 = cute.make_rmem_tensor_like(c5)
    cute.autovec_copy(c5, r2)
    r3 = cute.make_rmem_tensor(r1.shape, F32)
    _shifted_exp(r1, r2, r3)
    r4 = cute.make_rmem_tensor(c2.shape, F16)
    r4.store(r3.load().to(F16))
    cute.autovec_copy(r4, c2)
    r5 = cute.make_rmem_tensor(c4.shape, F32)
    cute.copy(reader, c3, r5)

    # the loads: the key buffer as (keys, dim), cut into boxes of 16 keys
    flat = cute.composition(u, cute.make_layout((KEYS, DIM, 1), stride=(1, KEYS, KEYS * DIM)))
    boxes = cute.flat_divide(flat, (BOX, DIM))
    pages = cute.flat_divide(cache, (BOX, DIM))
    dst, src = cpasync.tma_partition(box_atom, 0, cute.make_layout(1), cute.group_modes(boxes, 0, 2),
                                     cute.group_modes(pages, 0, 2))
    cute.copy(box_atom, src[None, 0, 0], dst[None, 0, 0, 0], tma_bar_ptr=smem.allocate_array(cutlass.Int64, 1))


@cute.jit
def forward_host(cache: cute.Tensor):
    k_major, mn_major = OperandMajorMode.K, OperandMajorMode.MN
    one, two = _mma(k_major, k_major, FIRST[:2]), _mma(mn_major, mn_major, SECOND[:2])
    layout_a = sm100.make_smem_layout_a(one, FIRST, F16, 1)
    box = cute.composition(cute.select(layout_a, mode=[0, 1, 2]), cute.make_layout((BOX, DIM), stride=(1, KEYS)))
    box_atom, boxed = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), cache, box, (BOX, DIM))
    forward_kernel(one, two, box_atom, boxed).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_forward():
    from cutlass.cute.runtime import make_fake_compact_tensor

    cache = make_fake_compact_tensor(F16, (cute.sym_int(divisibility=BOX), DIM), stride_order=(1, 0),
                                     assumed_align=16)
    return cute.compile(forward_host, cache)
