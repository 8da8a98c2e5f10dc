"""A compile-only chunked linear attention forward (sm_100a): a state recurrence between tcgen05 MMAs.

Per chunk of 64 tokens, with the state h (value dim x key dim) in SMEM as the B operand of two MMAs:

    WH = w h          (M = the chunk's key tokens, N = value dim, K = key dim)
    OH = q h          (M = the chunk's queries, N = value dim, K = key dim: the same TiledMma as w h)
    v' = u - WH       SIMT, element by element, stored with stmatrix through column-major views of two buffers
    DH = v'^T k       (M = value dim, N = key dim, K = key tokens: v' is the A operand, transposed by its layout)
    OI = A v'         (M = queries, N = value dim, K = key tokens: v' is the B operand)
    h  = decay * h + DH   SIMT in registers, stored with stmatrix through a row-major view of h's SMEM
    o  = OH + OI      SIMT, stored with stmatrix into o's SMEM tile

q and w come in by TMA (A operands of the one TiledMma of w h and q h), u too, two chunks in flight, as does each chunk's decay vector over the key dim (a pipeline's stage
index picks the slot). The MMAs' accumulators reach other MMAs' operands only through SIMT steps (tcgen05.ld, element writes, stmatrix
into an epilogue-layout view of the operand's bytes), never directly as an A operand: the data flow has no
softmax score. The state's axes are feature dims (D), the axis DH contracts is the key tokens (K), the rows of
OH the queries (Q).
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.pipeline as pipeline
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

BT, KEY, BV = 64, 128, 64  # chunk tokens, key dim, value dim
STAGES = 2


def _u_layout():  # u's chunks in SMEM, row-major, STAGES in flight
    return cute.make_layout((BT, BV, STAGES), stride=(BV, 1, BT * BV))


def _g_layout():  # the chunks' decay vectors over the key dim
    return cute.make_layout((KEY, STAGES))
BF16, F32 = cutlass.BFloat16, cutlass.Float32
TILE_WH, TILE_DH, TILE_OI = (BT, BV, KEY), (BV, KEY, BT), (BT, BV, BT)


def _mma(a_major, b_major, mn):
    return sm100.make_trivial_tiled_mma(BF16, a_major, b_major, F32, tcgen05.CtaGroup.ONE, mn,
                                        tcgen05.OperandSource.SMEM)


def _load_and_store(acc, tidx):
    """tcgen05.ld of an accumulator's (rows, columns) and the stmatrix copy made from it."""
    tile = acc[((None, None), 0, 0)]
    load = tcgen05.make_tmem_copy(
        cute.make_copy_atom(tcgen05.Ld16x256bOp(tcgen05.Repetition(8), tcgen05.Pack.NONE), F32), tile)
    return tile, load, load.get_slice(tidx)


@cute.kernel
def linear_attention_kernel(m_wh: cute.TiledMma, m_dh: cute.TiledMma, m_oi: cute.TiledMma, u_atom: cute.CopyAtom,
                            mu: cute.Tensor, g_atom: cute.CopyAtom, mg: cute.Tensor, q_atom: cute.CopyAtom,
                            mq: cute.Tensor, w_atom: cute.CopyAtom, mw: cute.Tensor):
    tidx = cute.arch.thread_idx()[0] % 128
    smem = utils.SmemAllocator()
    lw, lh = sm100.make_smem_layout_a(m_wh, TILE_WH, BF16, 1), sm100.make_smem_layout_b(m_wh, TILE_WH, BF16, 1)
    lv, lk = sm100.make_smem_layout_a(m_dh, TILE_DH, BF16, 1), sm100.make_smem_layout_b(m_dh, TILE_DH, BF16, 1)
    h_view = sm100.make_smem_layout_epi(BF16, utils.LayoutEnum.ROW_MAJOR, (BV, KEY), 1)
    v_view = sm100.make_smem_layout_epi(BF16, utils.LayoutEnum.COL_MAJOR, (BT, BV), 1)
    sw = smem.allocate_tensor(BF16, lw.outer, 1024, lw.inner)
    sq = smem.allocate_tensor(BF16, lw.outer, 1024, lw.inner)
    sh = smem.allocate_tensor(BF16, lh.outer, 1024, lh.inner)
    sh_epi = cute.make_tensor(cute.recast_ptr(sh.iterator, h_view.inner, BF16), h_view.outer)
    sv = smem.allocate_tensor(BF16, lv.outer, 1024, lv.inner)
    sv_epi = cute.make_tensor(cute.recast_ptr(sv.iterator, v_view.inner, BF16), v_view.outer)
    sk = smem.allocate_tensor(BF16, lk.outer, 1024, lk.inner)
    la, lb = sm100.make_smem_layout_a(m_oi, TILE_OI, BF16, 1), sm100.make_smem_layout_b(m_oi, TILE_OI, BF16, 1)
    sa = smem.allocate_tensor(BF16, la.outer, 1024, la.inner)
    svb = smem.allocate_tensor(BF16, lb.outer, 1024, lb.inner)
    svb_epi = cute.make_tensor(cute.recast_ptr(svb.iterator, v_view.inner, BF16), v_view.outer)
    su = smem.allocate_tensor(BF16, _u_layout(), 128)
    sg = smem.allocate_tensor(F32, _g_layout(), 128)
    so = smem.allocate_tensor(BF16, cute.make_layout((BT, BV), stride=(BV, 1)), 128)

    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    wh_frag = m_wh.make_fragment_C(m_wh.partition_shape_C(TILE_WH[:2]))
    acc_wh = cute.make_tensor(tmem + 0, wh_frag.layout)
    oh_frag = m_wh.make_fragment_C(m_wh.partition_shape_C(TILE_WH[:2]))
    acc_oh = cute.make_tensor(tmem + BV, oh_frag.layout)
    dh_frag = m_dh.make_fragment_C(m_dh.partition_shape_C(TILE_DH[:2]))
    acc_dh = cute.make_tensor(tmem + 2 * BV, dh_frag.layout)
    oi_frag = m_oi.make_fragment_C(m_oi.partition_shape_C(TILE_OI[:2]))
    acc_oi = cute.make_tensor(tmem + 4 * BV, oi_frag.layout)

    fw, fq, fh = m_wh.make_fragment_A(sw), m_wh.make_fragment_A(sq), m_wh.make_fragment_B(sh)
    fv, fk = m_dh.make_fragment_A(sv), m_dh.make_fragment_B(sk)
    fa, fvb = m_oi.make_fragment_A(sa), m_oi.make_fragment_B(svb)

    # v' = u - WH, written for DH through v''s column-major view
    wh_tile, wh_load, wh_thr = _load_and_store(acc_wh, tidx)
    wh_regs = cute.make_rmem_tensor(wh_thr.partition_D(cute.make_identity_tensor((BT, BV))).shape, F32)
    u_part = wh_thr.partition_D(su)
    u_regs = cute.make_rmem_tensor(cute.slice_(u_part.shape, (None, None, None, 0)), BF16)
    u_box, u_tiles = cpasync.tma_partition(u_atom, 0, cute.make_layout(1), cute.group_modes(su, 0, 2),
                                           cute.group_modes(cute.local_tile(mu, (BT, BV), (None, 0)), 0, 2))
    g_box, g_tiles = cpasync.tma_partition(g_atom, 0, cute.make_layout(1), cute.group_modes(sg, 0, 1),
                                           cute.group_modes(mg, 0, 1))
    # q's and w's chunks in the A layout of w h / q h, for their TMA loads: tiles of neither product
    q_mma = m_wh.get_slice(0).partition_A(cute.local_tile(mq, (BT, KEY), (None, 0)))
    w_mma = m_wh.get_slice(0).partition_A(cute.local_tile(mw, (BT, KEY), (None, 0)))
    q_box, q_tiles = cpasync.tma_partition(q_atom, 0, cute.make_layout(1), cute.group_modes(sq, 0, 3),
                                           cute.group_modes(q_mma, 0, 3))
    w_box, w_tiles = cpasync.tma_partition(w_atom, 0, cute.make_layout(1), cute.group_modes(sw, 0, 3),
                                           cute.group_modes(w_mma, 0, 3))
    slot = pipeline.make_pipeline_state(pipeline.PipelineUserType.Producer, STAGES)
    barrier = smem.allocate_array(cutlass.Int64, STAGES)
    v_store = cute.make_tiled_copy_D(
        cute.make_copy_atom(cute.nvgpu.warp.StMatrix8x8x16bOp(transpose=True, num_matrices=4), BF16), wh_load)
    v_slots = v_store.get_slice(tidx).partition_D(sv_epi)
    vb_slots = v_store.get_slice(tidx).partition_D(svb_epi)
    v_regs = cute.make_rmem_tensor(cute.slice_(v_slots.shape, (None, None, None, 0)), BF16)

    # h = decay * h + DH, written for WH and OH through h's row-major view
    dh_tile, dh_load, dh_thr = _load_and_store(acc_dh, tidx)
    dh_coords = dh_thr.partition_D(cute.make_identity_tensor((BV, KEY)))
    dh_regs = cute.make_rmem_tensor(dh_coords.shape, F32)
    state = cute.make_rmem_tensor(dh_regs.shape, F32)
    state.fill(0.0)
    h_store = cute.make_tiled_copy_D(
        cute.make_copy_atom(cute.nvgpu.warp.StMatrix8x8x16bOp(transpose=False, num_matrices=4), BF16), dh_load)
    h_slots = h_store.get_slice(tidx).partition_D(sh_epi)
    h_regs = cute.make_rmem_tensor(cute.slice_(h_slots.shape, (None, None, None, 0)), BF16)

    # o = OH + OI, staged in SMEM by the stmatrix copy made from OH's tcgen05.ld
    oh_tile, oh_load, oh_thr = _load_and_store(acc_oh, tidx)
    oh_regs = cute.make_rmem_tensor(oh_thr.partition_D(cute.make_identity_tensor((BT, BV))).shape, F32)
    oi_tile, oi_load, oi_thr = _load_and_store(acc_oi, tidx)
    oi_regs = cute.make_rmem_tensor(oi_thr.partition_D(cute.make_identity_tensor((BT, BV))).shape, F32)
    o_store = cute.make_tiled_copy_D(
        cute.make_copy_atom(cute.nvgpu.warp.StMatrix8x8x16bOp(transpose=False, num_matrices=4), BF16), oh_load)
    o_slots = o_store.get_slice(tidx).partition_D(so)
    o_regs = cute.make_rmem_tensor(o_slots.shape, BF16)

    for c in cutlass.range(cute.size(mg, mode=[1]), unroll=1):
        cute.copy(u_atom, u_tiles[None, c], u_box[None, slot.index], tma_bar_ptr=barrier + slot.index)
        cute.copy(g_atom, g_tiles[None, c], g_box[None, slot.index], tma_bar_ptr=barrier + slot.index)
        cute.copy(q_atom, q_tiles[None, c], q_box[None, 0], tma_bar_ptr=barrier + slot.index)
        cute.copy(w_atom, w_tiles[None, c], w_box[None, 0], tma_bar_ptr=barrier + slot.index)
        slot.advance()
        for kk in cutlass.range_constexpr(cute.size(fh, mode=[2])):
            cute.gemm(m_wh, acc_wh, fw[None, None, kk, 0], fh[None, None, kk, 0], acc_wh)
            cute.gemm(m_wh, acc_oh, fq[None, None, kk, 0], fh[None, None, kk, 0], acc_oh)
        cute.copy(wh_load, wh_thr.partition_S(wh_tile), wh_regs)
        cute.autovec_copy(u_part[None, None, None, 0], u_regs)
        for i in cutlass.range(cute.size(wh_regs), unroll_full=True):
            v_regs[i] = (u_regs[i].to(F32) - wh_regs[i]).to(BF16)
        cute.copy(v_store, v_regs, v_slots[None, None, None, 0])
        cute.copy(v_store, v_regs, vb_slots[None, None, None, 0])
        for kk in cutlass.range_constexpr(cute.size(fv, mode=[2])):
            cute.gemm(m_dh, acc_dh, fv[None, None, kk, 0], fk[None, None, kk, 0], acc_dh)
            cute.gemm(m_oi, acc_oi, fa[None, None, kk, 0], fvb[None, None, kk, 0], acc_oi)
        cute.copy(dh_load, dh_thr.partition_S(dh_tile), dh_regs)
        for i in cutlass.range(cute.size(state), unroll_full=True):
            state[i] = 0.5 * state[i] + dh_regs[i]
        for i in cutlass.range(cute.size(state), unroll_full=True):
            h_regs[i] = state[i].to(BF16)
        cute.copy(h_store, h_regs, h_slots[None, None, None, 0])
        cute.copy(oh_load, oh_thr.partition_S(oh_tile), oh_regs)
        cute.copy(oi_load, oi_thr.partition_S(oi_tile), oi_regs)
        for i in cutlass.range(cute.size(oh_regs), unroll_full=True):
            o_regs[i] = (oh_regs[i] + oi_regs[i]).to(BF16)
        cute.copy(o_store, o_regs, o_slots)


@cute.jit
def linear_attention_host(u: cute.Tensor, g: cute.Tensor, q: cute.Tensor, w: cute.Tensor):
    k_major, mn_major = OperandMajorMode.K, OperandMajorMode.MN
    load = cpasync.CopyBulkTensorTileG2SOp()
    m_wh = _mma(k_major, k_major, TILE_WH[:2])
    cluster = cute.tiled_divide(cute.make_layout((1, 1, 1)), (m_wh.thr_id.shape,)).shape
    a_layout = cute.select(sm100.make_smem_layout_a(m_wh, TILE_WH, BF16, 1), mode=[0, 1, 2])
    q_atom, mq = cute.nvgpu.make_tiled_tma_atom_A(load, q, a_layout, TILE_WH, m_wh, cluster)
    w_atom, mw = cute.nvgpu.make_tiled_tma_atom_A(load, w, a_layout, TILE_WH, m_wh, cluster)
    u_atom, mu = cpasync.make_tiled_tma_atom(load, u, cute.slice_(_u_layout(), (None, None, 0)), (BT, BV))
    g_atom, mg = cpasync.make_tiled_tma_atom(load, g, cute.slice_(_g_layout(), (None, 0)),
                                             cute.slice_(cute.make_identity_layout(g.shape), (None, 0)))
    linear_attention_kernel(_mma(k_major, k_major, TILE_WH[:2]), _mma(k_major, mn_major, TILE_DH[:2]),
                            _mma(k_major, k_major, TILE_OI[:2]), u_atom, mu, g_atom, mg, q_atom, mq, w_atom, mw).launch(
        grid=(1, 1, 1), block=(128, 1, 1))


def compile_linear_attention():
    from cutlass.cute.runtime import make_fake_compact_tensor

    u = make_fake_compact_tensor(BF16, (4 * BT, BV), stride_order=(1, 0), assumed_align=16)  # (tokens, value dim)
    g = make_fake_compact_tensor(F32, (KEY, 4), stride_order=(0, 1), assumed_align=16)  # (key dim, chunks)
    q, w = (make_fake_compact_tensor(BF16, (4 * BT, KEY), stride_order=(1, 0), assumed_align=16) for _ in range(2))
    return cute.compile(linear_attention_host, u, g, q, w)
