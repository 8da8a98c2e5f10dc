"""A compile-only Blackwell attention backward whose names say nothing about its modes (sm_100a).

Five tcgen05 MMAs in the swapped form: S^T = K Q^T and dP^T = V dO^T accumulate in TMEM (keys are their rows),
dV = P^T dO reads P^T written over S^T's TMEM, dQ = dS K and dK = dS^T Q read dS from one SMEM buffer (dS^T is
a view over the same memory). The MMA warp's code is traced before the code that reads the scores out of TMEM
(tcgen05.ld), converts them and writes P back (tcgen05.st) and dS into SMEM (autovec_copy), as in
warp-specialized kernels.
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILE, HEAD = 128, 64
F16, F32 = cutlass.Float16, cutlass.Float32
SCORES, GRADS = (TILE, TILE, HEAD), (TILE, HEAD, TILE)  # (M, N, K) of S^T and dP^T; of dV, dK and dQ


def _mma(a_major, b_major, mn, source=tcgen05.OperandSource.SMEM):
    return sm100.make_trivial_tiled_mma(F16, F16, a_major, b_major, F32, tcgen05.CtaGroup.ONE, mn, source)


@cute.jit
def _half(values: cute.Tensor) -> cute.Tensor:
    """A thread's fp32 values converted to fp16, written through a view over the new fragment's registers."""
    out = cute.make_rmem_tensor(values.shape, F16)
    parts = cute.logical_divide(values, cute.make_layout(4))
    out_parts = cute.make_tensor(out.iterator, parts.layout)
    for i in cutlass.range_constexpr(cute.size(values) // 4):
        out_parts[None, i].store(parts[None, i].load().to(F16))
    return out


@cute.kernel
def backward_kernel(m1: cute.TiledMma, m2: cute.TiledMma, m3: cute.TiledMma, m4: cute.TiledMma,
                    m5: cute.TiledMma, out: cute.Tensor, queries: cute.Tensor, load_atom: cute.CopyAtom,
                    loaded: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    la, lb = sm100.make_smem_layout_a(m1, SCORES, F16, 1), sm100.make_smem_layout_b(m1, SCORES, F16, 1)
    lc, ld = sm100.make_smem_layout_a(m2, SCORES, F16, 1), sm100.make_smem_layout_b(m2, SCORES, F16, 1)
    le, lf = sm100.make_smem_layout_a(m3, GRADS, F16, 1), sm100.make_smem_layout_a(m4, GRADS, F16, 1)
    lg, lh = sm100.make_smem_layout_b(m3, GRADS, F16, 1), sm100.make_smem_layout_b(m4, GRADS, F16, 1)
    li, lp = sm100.make_smem_layout_b(m5, GRADS, F16, 1), sm100.make_smem_layout_a(m5, GRADS, F16, 1)
    sa = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    sb = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    sc = smem.allocate_tensor(F16, lc.outer, 1024, lc.inner)
    sd = smem.allocate_tensor(F16, ld.outer, 1024, ld.inner)
    se = smem.allocate_tensor(F16, le.outer, 1024, le.inner)
    sf = cute.make_tensor(cute.recast_ptr(se.iterator, lf.inner), lf.outer)  # over se's memory
    sg = cute.make_tensor(cute.recast_ptr(sa.iterator, lg.inner), lg.outer)
    sh = cute.make_tensor(cute.recast_ptr(sb.iterator, lh.inner), lh.outer)
    si = cute.make_tensor(cute.recast_ptr(sd.iterator, li.inner), li.outer)
    tp = cute.make_tensor(cute.make_ptr(F16, 0, cute.AddressSpace.tmem), lp.outer)

    acc1 = m1.make_fragment_C(m1.partition_shape_C(SCORES[:2]))
    acc2 = m2.make_fragment_C(m2.partition_shape_C(SCORES[:2]))
    acc3 = m3.make_fragment_C(m3.partition_shape_C(GRADS[:2]))
    acc4 = m4.make_fragment_C(m4.partition_shape_C(GRADS[:2]))
    acc5 = m5.make_fragment_C(m5.partition_shape_C(GRADS[:2]))
    fa, fb = m1.make_fragment_A(sa), m1.make_fragment_B(sb)
    fc, fd = m2.make_fragment_A(sc), m2.make_fragment_B(sd)
    fe, fg = m3.make_fragment_A(se), m3.make_fragment_B(sg)
    ff, fh = m4.make_fragment_A(sf), m4.make_fragment_B(sh)
    fp = m5.make_fragment_A(tp)[None, None, None, 0]
    fp = cute.make_tensor(cute.recast_ptr(acc1.iterator, dtype=F16), fp.layout)
    fi = m5.make_fragment_B(si)

    # the MMA warp
    tiles = m1.get_slice(0).partition_B(cute.local_tile(queries, (TILE, HEAD), (None, None, None)))
    # the same tiles through a TMA load into m1's B buffer
    tma_tiles = m1.get_slice(0).partition_B(cute.local_tile(loaded, (TILE, HEAD), (None, None, None)))
    box_s, box_g = cpasync.tma_partition(load_atom, 0, cute.make_layout(1), cute.group_modes(sb, 0, 3),
                                         cute.group_modes(tma_tiles, 0, 3))
    for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
        cute.gemm(m1, acc1, fa[None, None, k, 0], fb[None, None, k, 0], acc1)
        cute.gemm(m2, acc2, fc[None, None, k, 0], fd[None, None, k, 0], acc2)
    for k in cutlass.range_constexpr(cute.size(fp, mode=[2])):
        cute.gemm(m5, acc5, fp[None, None, k], fi[None, None, k, 0], acc5)
    for k in cutlass.range_constexpr(cute.size(fe, mode=[2])):
        cute.gemm(m3, acc3, fe[None, None, k, 0], fg[None, None, k, 0], acc3)
    for k in cutlass.range_constexpr(cute.size(ff, mode=[2])):
        cute.gemm(m4, acc4, ff[None, None, k, 0], fh[None, None, k, 0], acc4)

    # the warps that read the scores out of TMEM and write P and dS back
    first, second = acc1[(None, None), 0, 0], acc2[(None, None), 0, 0]
    grid = cute.make_identity_tensor(SCORES[:2])
    load = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  first)
    thr_load = load.get_slice(tidx % 128)
    where = thr_load.partition_D(grid)
    r1 = cute.make_rmem_tensor(where.shape, F32)
    # the coordinates' column rests split between two warp groups, one group's half in registers
    halves = cute.composition(where, cute.make_layout((where.shape[0], where.shape[1], (2, 4))))
    half = cute.make_rmem_tensor(halves[None, None, (0, None)].shape, F32)
    t1 = thr_load.partition_S(first)
    r2 = cute.make_rmem_tensor(where.shape, F32)
    t2 = thr_load.partition_S(second)
    cute.copy(load, t1, r1)
    chunks = cute.logical_divide(r1, cute.make_layout(16))  # the load's 16 values, then its 8 repeats
    cute.printf("{}", chunks[0, 1])
    save = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(8)), F16), fp)
    thr_save = save.get_slice(tidx % 128)
    tq = thr_save.partition_D(fp)
    wq = thr_save.partition_S(m5.get_slice(0).partition_A(grid))
    q1 = _half(r1)
    q1_view = cute.make_tensor(q1.iterator, cute.make_layout(wq.shape))
    cute.copy(save, q1_view, tq)
    cute.copy(load, t2, r2)
    q2 = _half(r2)
    rows = cute.composition(se[None, None, None, 0], cute.make_ordered_layout((TILE, TILE), (1, 0)))
    mine = cute.composition(rows[tidx % 128, None], cute.make_layout(where.shape))
    cute.autovec_copy(q2, mine)

    # dK's epilogue: its coordinates and its output tile partitioned by the tcgen05.ld that reads it
    fourth = acc4[(None, None), 0, 0]
    tile = cute.local_tile(out, GRADS[:2], (0, 0))
    out_load = tcgen05.make_tmem_copy(
        cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32), fourth)
    thr_out = out_load.get_slice(tidx % 128)
    oc = thr_out.partition_D(cute.make_identity_tensor(GRADS[:2]))
    og = thr_out.partition_D(tile)
    ot = thr_out.partition_S(fourth)
    values = cute.make_rmem_tensor(oc.shape, F32)
    # the output's first tile seen over its run-time strides
    first_keys = cute.make_tensor(out.iterator, cute.make_layout(GRADS[:2], stride=out.stride))
    cute.copy(out_load, ot, values)
    # a 32-column staging buffer of dK: the tcgen05.ld's destination tile is a subtile of the accumulator's
    staging = smem.allocate_tensor(F32, cute.make_layout((TILE, 32), stride=(32, 1)), 16)
    wide_load = tcgen05.make_tmem_copy(
        cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32), fourth)
    thr_wide = wide_load.get_slice(tidx % 128)
    sc_ = thr_wide.partition_D(cute.make_identity_tensor(GRADS[:2]))
    ss = thr_wide.partition_D(staging)
    st = thr_wide.partition_S(fourth)
    # dK's TMEM and its coordinates as its MMA partitions them, read by a tcgen05.ld; the coordinates' head-dim
    # repeats split between two warp groups (the atom tiled by its extent, the repeats by half of theirs)
    dk_load = tcgen05.make_tmem_copy(
        cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32), acc4).get_slice(tidx % 128)
    dk_src = dk_load.partition_S(acc4)
    ocm = dk_load.partition_D(m4.get_slice(0).partition_C(cute.make_identity_tensor(GRADS[:2])))
    halved = cute.logical_divide(ocm, (cute.size(ocm.shape[0]), cute.size(ocm.shape[1]) // 2))
    group_values = cute.make_rmem_tensor(halved[None, (None, 0), 0, 0].shape, F32)


@cute.jit
def backward_host(out: cute.Tensor, q: cute.Tensor):
    # (s, d, h_r, h_k, b) seen as (s, d, ((h_r, h_k), b)): heads and batch in one nested mode
    queries = cute.make_tensor(q.iterator, cute.make_layout(
        (q.shape[0], q.shape[1], ((q.shape[2], q.shape[3]), q.shape[4])),
        stride=(q.stride[0], q.stride[1], ((q.stride[2], q.stride[3]), q.stride[4]))))
    k_major, mn_major, tmem = OperandMajorMode.K, OperandMajorMode.MN, tcgen05.OperandSource.TMEM
    m1 = _mma(k_major, k_major, SCORES[:2])
    cluster = cute.tiled_divide(cute.make_layout((1, 1, 1)), (m1.thr_id.shape,)).shape
    load_atom, loaded = cute.nvgpu.make_tiled_tma_atom_B(
        cpasync.CopyBulkTensorTileG2SOp(tcgen05.CtaGroup.ONE), queries,
        cute.select(sm100.make_smem_layout_b(m1, SCORES, F16, 1), mode=[0, 1, 2]), SCORES, m1, cluster)
    backward_kernel(m1, _mma(k_major, k_major, SCORES[:2]),
                    _mma(mn_major, mn_major, (TILE, HEAD)), _mma(k_major, mn_major, GRADS[:2]),
                    _mma(k_major, mn_major, GRADS[:2], tmem), out, queries, load_atom, loaded).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_backward():
    from cutlass.cute.runtime import make_fake_compact_tensor

    # keys contiguous, as many keys as run time says
    out = make_fake_compact_tensor(F16, (cute.sym_int(divisibility=TILE), HEAD), stride_order=(0, 1), assumed_align=16)
    q = make_fake_compact_tensor(F16, (4 * TILE, HEAD, 2, 2, 2), stride_order=(3, 0, 1, 2, 4), assumed_align=16)
    return cute.compile(backward_host, out, q)
