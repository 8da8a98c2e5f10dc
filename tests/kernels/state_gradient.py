"""A compile-only chunked linear attention's state-gradient backward (sm_100a): a recurrent state dh updated by two
products that contract different tokens, read back by a third. Per chunk of 64 tokens, in reverse:

    dv  = k dh          (M = the chunk's key tokens, N = value dim, K = key dim: dh from the state's registers)
    dv += a^T do        (the same accumulator; M = key tokens, N = value dim, K = the query tokens)
    qdo = q^T do        (M = key dim, N = value dim, K = the query tokens)
    wdv = w^T dv        (M = key dim, N = value dim, K = the key tokens: dv's values written back through SMEM)
    dh  = dh0, then dh = decay * dh, then dh = dh + qdo - wdv: three statements, the update the third

(q^T do is issued first: no order of issue makes qdo a state, only the update's statement does.)

The state's axes are feature dims; its two updates contract two token classes. dv's rows, which wdv contracts (dv is
written for it), are the keys; q^T do's contracted tokens are then the queries.
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32 = cutlass.BFloat16, cutlass.Float32
BT, KEY, BV = 64, 128, 64  # chunk tokens, key dim, value dim
TILE_DV, TILE_ADV, TILE_QDO = (BT, BV, KEY), (BT, BV, BT), (KEY, BV, BT)


def _mma(mn):
    return sm100.make_trivial_tiled_mma(BF16, OperandMajorMode.K, OperandMajorMode.K, F32, tcgen05.CtaGroup.ONE, mn,
                                        tcgen05.OperandSource.SMEM)


def _load(acc, tidx):
    """tcgen05.ld of an accumulator, the registers it fills, and the thread's slice of it."""
    tile = acc[((None, None), 0, 0)]
    load = tcgen05.make_tmem_copy(
        cute.make_copy_atom(tcgen05.Ld16x256bOp(tcgen05.Repetition(8), tcgen05.Pack.NONE), F32), tile)
    return tile, load, load.get_slice(tidx)


@cute.kernel
def state_gradient_kernel(m_dv: cute.TiledMma, m_adv: cute.TiledMma, m_qdo: cute.TiledMma, m_wdv: cute.TiledMma,
                          mk: cute.Tensor, ma: cute.Tensor, mdo: cute.Tensor, mq: cute.Tensor, mw: cute.Tensor, mh0: cute.Tensor):
    tidx = cute.arch.thread_idx()[0] % 128
    smem = utils.SmemAllocator()

    def operand(mma, tile, a):
        layout = (sm100.make_smem_layout_a if a else sm100.make_smem_layout_b)(mma, tile, BF16, 1)
        return smem.allocate_tensor(BF16, layout.outer, 1024, layout.inner)

    sk, sh = operand(m_dv, TILE_DV, True), operand(m_dv, TILE_DV, False)
    sa, sdo = operand(m_adv, TILE_ADV, True), operand(m_adv, TILE_ADV, False)
    sq = operand(m_qdo, TILE_QDO, True)
    sw, sdv = operand(m_wdv, TILE_QDO, True), operand(m_wdv, TILE_QDO, False)
    sgate = smem.allocate_tensor(F32, cute.make_layout(KEY), 16)  # the chunk's decay over the key dim
    h_view = sm100.make_smem_layout_epi(BF16, utils.LayoutEnum.COL_MAJOR, (KEY, BV), 1)
    sh_epi = cute.make_tensor(cute.recast_ptr(sh.iterator, h_view.inner, BF16), h_view.outer)
    v_view = sm100.make_smem_layout_epi(BF16, utils.LayoutEnum.COL_MAJOR, (BT, BV), 1)
    sdv_epi = cute.make_tensor(cute.recast_ptr(sdv.iterator, v_view.inner, BF16), v_view.outer)

    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    dv_frag = m_dv.make_fragment_C(m_dv.partition_shape_C(TILE_DV[:2]))
    acc_dv = cute.make_tensor(tmem + 0, dv_frag.layout)
    qdo_frag = m_qdo.make_fragment_C(m_qdo.partition_shape_C(TILE_QDO[:2]))
    acc_qdo = cute.make_tensor(tmem + BV, qdo_frag.layout)
    wdv_frag = m_wdv.make_fragment_C(m_wdv.partition_shape_C(TILE_QDO[:2]))
    acc_wdv = cute.make_tensor(tmem + 2 * BV, wdv_frag.layout)
    fk, fh = m_dv.make_fragment_A(sk), m_dv.make_fragment_B(sh)
    fa, fdo = m_adv.make_fragment_A(sa), m_adv.make_fragment_B(sdo)
    fq, fdo2 = m_qdo.make_fragment_A(sq), m_qdo.make_fragment_B(sdo)  # one do buffer, read by two products
    fw, fdv = m_wdv.make_fragment_A(sw), m_wdv.make_fragment_B(sdv)

    dv_tile, dv_load, dv_thr = _load(acc_dv, tidx)
    dv_regs = cute.make_rmem_tensor(dv_thr.partition_D(cute.make_identity_tensor((BT, BV))).shape, F32)
    v_store = cute.make_tiled_copy_D(
        cute.make_copy_atom(cute.nvgpu.warp.StMatrix8x8x16bOp(transpose=True, num_matrices=4), BF16), dv_load)
    v_slots = v_store.get_slice(tidx).partition_D(sdv_epi)
    v_regs = cute.make_rmem_tensor(cute.slice_(v_slots.shape, (None, None, None, 0)), BF16)
    qdo_tile, qdo_load, qdo_thr = _load(acc_qdo, tidx)
    qdo_regs = cute.make_rmem_tensor(qdo_thr.partition_D(cute.make_identity_tensor((KEY, BV))).shape, F32)
    wdv_tile, wdv_load, wdv_thr = _load(acc_wdv, tidx)
    wdv_regs = cute.make_rmem_tensor(wdv_thr.partition_D(cute.make_identity_tensor((KEY, BV))).shape, F32)
    state = cute.make_rmem_tensor(qdo_regs.shape, F32)
    h_store = cute.make_tiled_copy_D(
        cute.make_copy_atom(cute.nvgpu.warp.StMatrix8x8x16bOp(transpose=True, num_matrices=4), BF16), qdo_load)
    h_slots = h_store.get_slice(tidx).partition_D(sh_epi)
    h_regs = cute.make_rmem_tensor(cute.slice_(h_slots.shape, (None, None, None, 0)), BF16)

    for i in cutlass.range(cute.size(state), unroll_full=True):
        state[i] = mh0[i]
    for c in cutlass.range(cute.size(mk, mode=[0]) // BT, unroll=1):
        cute.autovec_copy(cute.local_tile(mk, (BT, KEY), (c, 0)), sk[((None, None), 0, None, 0)])
        cute.autovec_copy(cute.local_tile(ma, (BT, BT), (c, 0)), sa[((None, None), 0, None, 0)])
        cute.autovec_copy(cute.local_tile(mdo, (BV, BT), (0, c)), sdo[((None, None), 0, None, 0)])
        cute.autovec_copy(cute.local_tile(mq, (KEY, BT), (0, c)), sq[((None, None), 0, None, 0)])
        cute.autovec_copy(cute.local_tile(mw, (KEY, BT), (0, c)), sw[((None, None), 0, None, 0)])
        for i in cutlass.range(cute.size(state), unroll_full=True):
            h_regs[i] = state[i].to(BF16)
        cute.copy(h_store, h_regs, h_slots[None, None, None, 0])
        for kk in cutlass.range_constexpr(cute.size(fq, mode=[2])):
            cute.gemm(m_qdo, acc_qdo, fq[None, None, kk, 0], fdo2[None, None, kk, 0], acc_qdo)
        for kk in cutlass.range_constexpr(cute.size(fk, mode=[2])):
            cute.gemm(m_dv, acc_dv, fk[None, None, kk, 0], fh[None, None, kk, 0], acc_dv)
        for kk in cutlass.range_constexpr(cute.size(fa, mode=[2])):
            cute.gemm(m_adv, acc_dv, fa[None, None, kk, 0], fdo[None, None, kk, 0], acc_dv)
        cute.copy(dv_load, dv_thr.partition_S(dv_tile), dv_regs)
        for i in cutlass.range(cute.size(dv_regs), unroll_full=True):
            v_regs[i] = dv_regs[i].to(BF16)
        cute.copy(v_store, v_regs, v_slots[None, None, None, 0])
        for kk in cutlass.range_constexpr(cute.size(fw, mode=[2])):
            cute.gemm(m_wdv, acc_wdv, fw[None, None, kk, 0], fdv[None, None, kk, 0], acc_wdv)
        for i in cutlass.range(cute.size(state), unroll_full=True):
            state[i] = state[i] * sgate[i % 8]
        cute.copy(qdo_load, qdo_thr.partition_S(qdo_tile), qdo_regs)
        cute.copy(wdv_load, wdv_thr.partition_S(wdv_tile), wdv_regs)
        for i in cutlass.range_constexpr(cute.size(state)):
            state[i] = state[i] + qdo_regs[i] - wdv_regs[i]


@cute.jit
def state_gradient_host(k: cute.Tensor, a: cute.Tensor, do: cute.Tensor, q: cute.Tensor, w: cute.Tensor,
                        h0: cute.Tensor):
    state_gradient_kernel(_mma(TILE_DV[:2]), _mma(TILE_ADV[:2]), _mma(TILE_QDO[:2]), _mma(TILE_QDO[:2]),
                          k, a, do, q, w, h0).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_state_gradient():
    k = make_fake_compact_tensor(BF16, (4 * BT, KEY), stride_order=(1, 0), assumed_align=16)  # (key tokens, key dim)
    a = make_fake_compact_tensor(BF16, (4 * BT, BT), stride_order=(1, 0), assumed_align=16)  # (key tokens, queries)
    do = make_fake_compact_tensor(BF16, (BV, 4 * BT), stride_order=(1, 0), assumed_align=16)  # (value dim, queries)
    q = make_fake_compact_tensor(BF16, (KEY, 4 * BT), stride_order=(1, 0), assumed_align=16)  # (key dim, queries)
    w = make_fake_compact_tensor(BF16, (KEY, 4 * BT), stride_order=(1, 0), assumed_align=16)  # (key dim, key tokens)
    h0 = make_fake_compact_tensor(F32, (KEY * BV,), assumed_align=16)  # the initial state, flat
    return cute.compile(state_gradient_host, k, a, do, q, w, h0)
