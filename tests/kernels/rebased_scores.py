"""A compile-only Blackwell kernel (sm_100a) of a gated linear attention's intra-chunk scores, with no product after
them: per chunk of 64 tokens, CUDA threads rebase the queries and the keys by a per-channel gate into three MMA operand
buffers, and one TiledMma issues two products into TMEM accumulators laid out as one probe fragment:

    Aqk = (q * exp2(g)) (k * exp2(-g))^T    (M = the chunk's queries, N = its keys, K = the key dim)
    Akk = (k * exp2(g)) (k * exp2(-g))^T    (M and N = the keys, K = the key dim)

Both read the same B buffer. Akk's A and B hold values computed from the same inputs (k and g) and no others: a Gram
matrix of the keys, though no one SMEM tile is read as both A and B. Nothing reads either accumulator as an operand,
so no chain says attention: the Gram does, and Aqk, which contracts its feature dim against its keys, is the scores.
"""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32 = cutlass.BFloat16, cutlass.Float32
BT, KEY = 64, 64  # chunk tokens, key dim
TILE = (BT, BT, KEY)


def _raw():  # a chunk's raw rows in SMEM, row-major
    return cute.make_layout((BT, KEY), stride=(KEY, 1))


@cute.kernel
def rebased_scores_kernel(m_s: cute.TiledMma, mq: cute.Tensor, mk: cute.Tensor, mg: cute.Tensor):
    tidx = cute.arch.thread_idx()[0]
    chunk = cute.arch.block_idx()[0]
    smem = utils.SmemAllocator()
    la, lb = sm100.make_smem_layout_a(m_s, TILE, BF16, 1), sm100.make_smem_layout_b(m_s, TILE, BF16, 1)
    view = sm100.make_smem_layout_epi(BF16, utils.LayoutEnum.ROW_MAJOR, (BT, KEY), 1)
    raw_q = smem.allocate_tensor(BF16, _raw(), 128)
    raw_k = smem.allocate_tensor(BF16, _raw(), 128)
    raw_g = smem.allocate_tensor(F32, _raw(), 128)
    s_qg = smem.allocate_tensor(BF16, la.outer, 1024, la.inner)
    s_kq = smem.allocate_tensor(BF16, la.outer, 1024, la.inner)
    s_kk = smem.allocate_tensor(BF16, lb.outer, 1024, lb.inner)
    # the operand buffers in a row-major view, for the threads' writes
    w_qg = cute.make_tensor(cute.recast_ptr(s_qg.iterator, view.inner, BF16), view.outer)
    w_kq = cute.make_tensor(cute.recast_ptr(s_kq.iterator, view.inner, BF16), view.outer)
    w_kk = cute.make_tensor(cute.recast_ptr(s_kk.iterator, view.inner, BF16), view.outer)
    cute.autovec_copy(cute.local_tile(mq, (BT, KEY), (chunk, 0)), raw_q)
    cute.autovec_copy(cute.local_tile(mk, (BT, KEY), (chunk, 0)), raw_k)
    cute.autovec_copy(cute.local_tile(mg, (BT, KEY), (chunk, 0)), raw_g)

    # one tiled copy for every row-major buffer: it says nothing of whose rows they are
    vec = cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), BF16, num_bits_per_copy=64),
                                  cute.make_layout((16, 8), stride=(8, 1)), cute.make_layout((1, 4)))
    thr = vec.get_slice(tidx)
    part_q, part_k, part_g = thr.partition_S(raw_q), thr.partition_S(raw_k), thr.partition_S(raw_g)
    out_qg, out_kq, out_kk = thr.partition_D(w_qg), thr.partition_D(w_kq), thr.partition_D(w_kk)
    for rb in cutlass.range_constexpr(cute.size(part_q, mode=[1])):  # a row block at a time
        r_g = cute.make_fragment_like(part_g[(None, 0, None)], F32)
        r_k = cute.make_fragment_like(part_k[(None, 0, None)], BF16)
        r_q = cute.make_fragment_like(r_k, BF16)  # shaped like k's registers: q's values all the same
        cute.autovec_copy(part_g[(None, rb, None)], r_g)
        cute.autovec_copy(part_k[(None, rb, None)], r_k)
        cute.autovec_copy(part_q[(None, rb, None)], r_q)
        r_qg = cute.make_fragment_like(r_k, BF16)
        r_kq = cute.make_fragment_like(r_k, BF16)
        r_kk = cute.make_fragment_like(r_k, BF16)
        for e in cutlass.range_constexpr(cute.size(r_qg)):
            up = cute.math.exp2(r_g[e], fastmath=True)
            r_qg[e] = BF16(F32(r_q[e]) * up)
            r_kq[e] = BF16(F32(r_k[e]) * up)
            r_kk[e] = BF16(F32(r_k[e]) / up)
        cute.autovec_copy(r_qg, out_qg[(None, rb, None, 0)])
        cute.autovec_copy(r_kq, out_kq[(None, rb, None, 0)])
        cute.autovec_copy(r_kk, out_kk[(None, rb, None, 0)])

    probe = m_s.make_fragment_C(m_s.partition_shape_C(TILE[:2]))
    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    acc_qk = cute.make_tensor(tmem + 0, probe.layout)
    acc_kk = cute.make_tensor(tmem + BT, probe.layout)
    f_qg, f_kq, f_kk = m_s.make_fragment_A(s_qg), m_s.make_fragment_A(s_kq), m_s.make_fragment_B(s_kk)
    for kk in cutlass.range_constexpr(cute.size(f_kk, mode=[2])):
        cute.gemm(m_s, acc_qk, f_qg[None, None, kk, 0], f_kk[None, None, kk, 0], acc_qk)
    for kk in cutlass.range_constexpr(cute.size(f_kk, mode=[2])):
        cute.gemm(m_s, acc_kk, f_kq[None, None, kk, 0], f_kk[None, None, kk, 0], acc_kk)


@cute.jit
def rebased_scores_host(q: cute.Tensor, k: cute.Tensor, g: cute.Tensor):
    m_s = sm100.make_trivial_tiled_mma(BF16, OperandMajorMode.K, OperandMajorMode.K, F32, tcgen05.CtaGroup.ONE,
                                       TILE[:2], tcgen05.OperandSource.SMEM)
    rebased_scores_kernel(m_s, q, k, g).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_rebased_scores():
    q, k = (make_fake_compact_tensor(BF16, (4 * BT, KEY), stride_order=(1, 0), assumed_align=16) for _ in range(2))
    g = make_fake_compact_tensor(F32, (4 * BT, KEY), stride_order=(1, 0), assumed_align=16)
    return cute.compile(rebased_scores_host, q, k, g)
