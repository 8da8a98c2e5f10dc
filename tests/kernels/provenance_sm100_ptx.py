"""A compile-only Blackwell attention backward whose score MMAs are issued out of sight (sm_100a).

Flash-attention's Blackwell backward issues most of its tcgen05 MMAs with inline PTX: the trace sees their
fragments, never a `cute.gemm`. Here S^T = K Q^T (keys are its TMEM lanes) and dV = P^T dO are such MMAs;
P^T has a TMEM region of its own, made once at `tmem + P_COLUMN` for dV's A operand and once more by the
softmax as a view at `acc.iterator + P_COLUMN`, which it writes with tcgen05.st. dQ = dS K is issued with
`cute.gemm` before the softmax code that writes dS into its SMEM operand through an epilogue-shaped view of the
same memory (r2s). The per-query statistic is an SMEM vector seen as a (queries, keys) tile with stride 0 over
the keys, transposed to S^T's (keys, queries) and partitioned like S^T. dQ's accumulator takes S^T's TMEM columns
in turn (made at the same address): no data passes between them.
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILE, HEAD = 128, 64
F16, F32 = cutlass.Float16, cutlass.Float32
SCORES = (TILE, TILE, HEAD)  # (M, N, K) of S^T
GRAD_V, GRAD_Q = (TILE, HEAD, TILE), (TILE, HEAD, TILE)  # of dV = P^T dO and of dQ = dS K
P_COLUMN = 256  # P^T's own TMEM columns (fp32 columns), apart from S^T's


def _mma(a_major, b_major, mn, source=tcgen05.OperandSource.SMEM):
    return sm100.make_trivial_tiled_mma(F16, F16, a_major, b_major, F32, tcgen05.CtaGroup.ONE, mn, source)


@cute.kernel
def ptx_backward_kernel(m1: cute.TiledMma, m2: cute.TiledMma, m3: cute.TiledMma, lse: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    la, lb = sm100.make_smem_layout_a(m1, SCORES, F16, 1), sm100.make_smem_layout_b(m1, SCORES, F16, 1)
    lp, lo = sm100.make_smem_layout_a(m2, GRAD_V, F16, 1), sm100.make_smem_layout_b(m2, GRAD_V, F16, 1)
    ls, lk = sm100.make_smem_layout_a(m3, GRAD_Q, F16, 1), sm100.make_smem_layout_b(m3, GRAD_Q, F16, 1)
    sa = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    sb = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    so = smem.allocate_tensor(F16, lo.outer, 1024, lo.inner)
    ss = smem.allocate_tensor(F16, ls.outer, 1024, ls.inner)
    sk = smem.allocate_tensor(F16, lk.outer, 1024, lk.inner)
    stat = smem.allocate_tensor(F32, cute.make_layout(TILE), 16)
    lse_slots = smem.allocate_tensor(F32, cute.make_layout((TILE, 2)), 16)  # a per-query tile, two stages
    sk_once = smem.allocate_tensor(F16, cute.slice_(lk.outer, (None, None, None, 0)), 1024, lk.inner)  # no stages

    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    frag1 = m1.make_fragment_C(m1.partition_shape_C(SCORES[:2]))
    acc1 = cute.make_tensor(tmem + 0, frag1.layout)
    frag2 = m2.make_fragment_C(m2.partition_shape_C(GRAD_V[:2]))
    acc2 = cute.make_tensor(tmem + TILE, frag2.layout)
    pt = cute.make_tensor(cute.recast_ptr(tmem + P_COLUMN, dtype=F16), lp.outer)
    frag3 = m3.make_fragment_C(m3.partition_shape_C(GRAD_Q[:2]))
    acc3 = cute.make_tensor(tmem + 0, frag3.layout)  # dQ takes S^T's columns once S^T is read

    # the MMA warp: S^T and dV by PTX (their fragments only), dQ by cute.gemm
    fa, fb = m1.make_fragment_A(sa), m1.make_fragment_B(sb)
    fp, fo = m2.make_fragment_A(pt), m2.make_fragment_B(so)
    fs, fk = m3.make_fragment_A(ss), m3.make_fragment_B(sk)
    fk_once = m3.make_fragment_B(sk_once)
    for k in cutlass.range_constexpr(cute.size(fs, mode=[2])):
        cute.gemm(m3, acc3, fs[None, None, k, 0], fk[None, None, k, 0], acc3)

    # the load warp: one tile of the per-query statistic into one slot
    lse_tiles = cute.local_tile(lse, (TILE,), (None,))
    cute.autovec_copy(lse_tiles[None, 0], lse_slots[None, 1])

    # the softmax warps: S^T out of TMEM, P^T back into its own columns, dS into dQ's SMEM operand
    stat_2d = cute.make_tensor(stat.iterator, cute.make_layout((TILE, TILE), stride=(1, 0)))
    stat_t = cute.composition(stat_2d, cute.make_ordered_layout((TILE, TILE), order=(1, 0)))
    first = acc1[(None, None), 0, 0]
    load = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  first)
    thr_load = load.get_slice(tidx % 128)
    st_stat = thr_load.partition_D(m1.get_slice(0).partition_C(stat_t)[(None, None), 0, 0])
    grid = thr_load.partition_D(cute.make_identity_tensor(SCORES[:2]))
    values = cute.make_rmem_tensor(grid.shape, F32)
    cute.copy(load, thr_load.partition_S(first), values)
    p_view = cute.make_tensor(acc1.iterator + P_COLUMN, acc1.layout)
    save = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  p_view[(None, None), 0, 0])
    thr_save = save.get_slice(tidx % 128)
    p_coords = thr_save.partition_S(cute.make_identity_tensor(SCORES[:2]))  # the copy's first partition
    p_slots = thr_save.partition_D(p_view[(None, None), 0, 0])
    cute.copy(save, values, p_slots)
    halves = cute.make_rmem_tensor(grid.shape, F16)
    halves.store(values.load().to(F16))
    ds_epi = cute.make_tensor(ss.iterator, cute.make_layout((TILE, TILE), stride=(TILE, 1)))
    r2s = cute.make_tiled_copy_D(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F16), load)
    thr_r2s = r2s.get_slice(tidx % 128)
    cute.copy(r2s, thr_r2s.retile(halves), thr_r2s.partition_D(ds_epi))

    # flash-attention's own tcgen05.ld tiling of a whole accumulator: each warp's 32 lanes, 16 columns a value
    # run, repeated along the columns
    ld_atom = cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32)
    by_warps = cute.make_tiled_copy(ld_atom, cute.make_layout(((32, 4, 1), (16, 32)), stride=((0, 1, 64), (4, 64))),
                                    (cute.make_layout((64, 32), stride=(32, 1)),)).get_slice(tidx % 128)
    lanes = by_warps.partition_S(acc1)
    # CuTe's own tcgen05.ld tiling of dV's whole accumulator: a 2-D tiler, its second mode over MMA_M
    whole = tcgen05.make_tmem_copy(ld_atom, acc2).get_slice(tidx % 128).partition_S(acc2)
    lane_coords = by_warps.partition_D(m1.get_slice(0).partition_C(cute.make_identity_tensor(SCORES[:2])))


@cute.jit
def ptx_backward_host(lse: cute.Tensor):
    k_major, mn_major, tmem = OperandMajorMode.K, OperandMajorMode.MN, tcgen05.OperandSource.TMEM
    ptx_backward_kernel(_mma(k_major, k_major, SCORES[:2]), _mma(k_major, mn_major, GRAD_V[:2], tmem),
                        _mma(mn_major, mn_major, GRAD_Q[:2]), lse).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_ptx_backward():
    from cutlass.cute.runtime import make_fake_compact_tensor

    return cute.compile(ptx_backward_host, make_fake_compact_tensor(F32, (4 * TILE,), assumed_align=16))
