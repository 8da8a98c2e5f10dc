"""A compile-only chunked delta rule forward (sm_100a): one TiledMma issues three products, the state's update
another.

Per chunk of 64 tokens, T a (tokens x tokens) matrix made by an earlier kernel, S the state (value dim x key dim)
in SMEM as the B operand of its readers:

    W   = T kb        (rows: key tokens, contracted: key tokens, columns: key dim)   \\ one product: T in the A
    U   = T v         (rows: key tokens, contracted: key tokens, columns: value dim) /  slot of both
    NV  = U - W S     W stored back to SMEM as an A operand, NV accumulated on U's TMEM (reads the state)
    O   = Q S         its accumulator laid out as NV's (`make_tensor(tmem + offset, nv_layout.layout)`)
    DH  = NV^T k      another TiledMma, contracting the key tokens; S = decay * S + DH in registers

T and Q come in by TMA, their global tiles cut by the token TiledMma's `partition_A` (TMA coordinate tensors,
no product's operands). Every product's rows and contraction are read from the data flow: NV's rows are the keys
(DH contracts them), O's the queries; T's columns are keys too (W and U flow into the state's update).
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import cpasync, tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

CHUNK, DK, DV = 64, 64, 64
F32, BF16 = cutlass.Float32, cutlass.BFloat16
TOKENS_TILE = (CHUNK, DV, CHUNK)  # T v and T kb: (rows, columns, contracted)
STATE_TILE = (CHUNK, DV, DK)  # W S and Q S
UPDATE_TILE = (DV, DK, CHUNK)  # NV^T k


def _tiled(a_major, b_major, mn):
    return sm100.make_trivial_tiled_mma(BF16, a_major, b_major, F32, tcgen05.CtaGroup.ONE, mn,
                                        tcgen05.OperandSource.SMEM)


def _read_back(acc, tidx):
    whole = acc[((None, None), 0, 0)]
    ld = tcgen05.make_tmem_copy(
        cute.make_copy_atom(tcgen05.Ld16x256bOp(tcgen05.Repetition(8), tcgen05.Pack.NONE), F32), whole)
    return whole, ld, ld.get_slice(tidx)


def _stmatrix(ld, transpose):
    return cute.make_tiled_copy_D(
        cute.make_copy_atom(cute.nvgpu.warp.StMatrix8x8x16bOp(transpose=transpose, num_matrices=4), BF16), ld)


@cute.kernel
def delta_rule_kernel(tok: cute.TiledMma, upd: cute.TiledMma, t_load: cute.CopyAtom, t_coords: cute.Tensor,
                      q_load: cute.CopyAtom, q_coords: cute.Tensor):
    tidx = cute.arch.thread_idx()[0] % 128
    alloc = utils.SmemAllocator()
    a_l, b_l = sm100.make_smem_layout_a(tok, TOKENS_TILE, BF16, 1), sm100.make_smem_layout_b(tok, TOKENS_TILE, BF16, 1)
    s_al, s_bl = sm100.make_smem_layout_a(tok, STATE_TILE, BF16, 1), sm100.make_smem_layout_b(tok, STATE_TILE, BF16, 1)
    u_al, u_bl = sm100.make_smem_layout_a(upd, UPDATE_TILE, BF16, 1), sm100.make_smem_layout_b(upd, UPDATE_TILE, BF16, 1)
    t_buf = alloc.allocate_tensor(BF16, a_l.outer, 1024, a_l.inner)
    kb_buf = alloc.allocate_tensor(BF16, b_l.outer, 1024, b_l.inner)
    v_buf = alloc.allocate_tensor(BF16, b_l.outer, 1024, b_l.inner)
    wb_buf = alloc.allocate_tensor(BF16, s_al.outer, 1024, s_al.inner)
    q_buf = alloc.allocate_tensor(BF16, s_al.outer, 1024, s_al.inner)
    st_buf = alloc.allocate_tensor(BF16, s_bl.outer, 1024, s_bl.inner)
    nvt_buf = alloc.allocate_tensor(BF16, u_al.outer, 1024, u_al.inner)
    k_buf = alloc.allocate_tensor(BF16, u_bl.outer, 1024, u_bl.inner)
    row_major = sm100.make_smem_layout_epi(BF16, utils.LayoutEnum.ROW_MAJOR, (CHUNK, DK), 1)
    col_major = sm100.make_smem_layout_epi(BF16, utils.LayoutEnum.COL_MAJOR, (CHUNK, DV), 1)
    state_rows = sm100.make_smem_layout_epi(BF16, utils.LayoutEnum.ROW_MAJOR, (DV, DK), 1)
    wb_epi = cute.make_tensor(cute.recast_ptr(wb_buf.iterator, row_major.inner, BF16), row_major.outer)
    nvt_epi = cute.make_tensor(cute.recast_ptr(nvt_buf.iterator, col_major.inner, BF16), col_major.outer)
    st_epi = cute.make_tensor(cute.recast_ptr(st_buf.iterator, state_rows.inner, BF16), state_rows.outer)

    base = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    w_layout = tok.make_fragment_C(tok.partition_shape_C(TOKENS_TILE[:2]))
    t_w = cute.make_tensor(base + DV, w_layout.layout)
    nv_layout = tok.make_fragment_C(tok.partition_shape_C(TOKENS_TILE[:2]))
    t_nv = cute.make_tensor(base + 2 * DV, nv_layout.layout)
    t_o = cute.make_tensor(base + 3 * DV, nv_layout.layout)  # O = Q S, laid out as NV
    dh_layout = upd.make_fragment_C(upd.partition_shape_C(UPDATE_TILE[:2]))
    t_dh = cute.make_tensor(base + 4 * DV, dh_layout.layout)

    a_t, b_kb, b_v = tok.make_fragment_A(t_buf), tok.make_fragment_B(kb_buf), tok.make_fragment_B(v_buf)
    a_wb, a_q, b_st = tok.make_fragment_A(wb_buf), tok.make_fragment_A(q_buf), tok.make_fragment_B(st_buf)
    a_nvt, b_k = upd.make_fragment_A(nvt_buf), upd.make_fragment_B(k_buf)

    # T's and Q's chunks for their TMA loads, cut as A operands of the token TiledMma
    t_cut = tok.get_slice(0).partition_A(cute.local_tile(t_coords, TOKENS_TILE, (None, 0, 0), proj=(1, None, 1)))
    t_smem, t_gmem = cpasync.tma_partition(t_load, 0, cute.make_layout(1), cute.group_modes(t_buf, 0, 3),
                                           cute.group_modes(t_cut, 0, 3))
    q_cut = tok.get_slice(0).partition_A(cute.local_tile(q_coords, (CHUNK, DK), (None, 0)))
    q_smem, q_gmem = cpasync.tma_partition(q_load, 0, cute.make_layout(1), cute.group_modes(q_buf, 0, 3),
                                           cute.group_modes(q_cut, 0, 3))
    bar = alloc.allocate_array(cutlass.Int64, 1)

    w_whole, w_ld, w_thr = _read_back(t_w, tidx)
    w_vals = cute.make_rmem_tensor(w_thr.partition_D(cute.make_identity_tensor((CHUNK, DK))).shape, F32)
    w_store = _stmatrix(w_ld, False)
    w_slots = w_store.get_slice(tidx).partition_D(wb_epi)
    w_half = cute.make_rmem_tensor(cute.slice_(w_slots.shape, (None, None, None, 0)), BF16)
    nv_whole, nv_ld, nv_thr = _read_back(t_nv, tidx)
    nv_vals = cute.make_rmem_tensor(nv_thr.partition_D(cute.make_identity_tensor((CHUNK, DV))).shape, F32)
    nv_store = _stmatrix(nv_ld, True)
    nv_slots = nv_store.get_slice(tidx).partition_D(nvt_epi)
    nv_half = cute.make_rmem_tensor(cute.slice_(nv_slots.shape, (None, None, None, 0)), BF16)
    dh_whole, dh_ld, dh_thr = _read_back(t_dh, tidx)
    dh_vals = cute.make_rmem_tensor(dh_thr.partition_D(cute.make_identity_tensor((DV, DK))).shape, F32)
    carried = cute.make_rmem_tensor(dh_vals.shape, F32)
    carried.fill(0.0)
    st_store = _stmatrix(dh_ld, False)
    st_slots = st_store.get_slice(tidx).partition_D(st_epi)
    st_half = cute.make_rmem_tensor(cute.slice_(st_slots.shape, (None, None, None, 0)), BF16)

    for chunk in cutlass.range(cute.size(q_gmem, mode=[1]), unroll=1):
        cute.copy(t_load, t_gmem[None, chunk], t_smem[None, 0], tma_bar_ptr=bar)
        cute.copy(q_load, q_gmem[None, chunk], q_smem[None, 0], tma_bar_ptr=bar)
        for kk in cutlass.range_constexpr(cute.size(a_t, mode=[2])):
            cute.gemm(tok, t_w, a_t[None, None, kk, 0], b_kb[None, None, kk, 0], t_w)
            cute.gemm(tok, t_nv, a_t[None, None, kk, 0], b_v[None, None, kk, 0], t_nv)
        cute.copy(w_ld, w_thr.partition_S(w_whole), w_vals)
        for i in cutlass.range(cute.size(w_vals), unroll_full=True):
            w_half[i] = (-w_vals[i]).to(BF16)
        cute.copy(w_store, w_half, w_slots[None, None, None, 0])
        for kk in cutlass.range_constexpr(cute.size(a_wb, mode=[2])):
            cute.gemm(tok, t_nv, a_wb[None, None, kk, 0], b_st[None, None, kk, 0], t_nv)
            cute.gemm(tok, t_o, a_q[None, None, kk, 0], b_st[None, None, kk, 0], t_o)
        cute.copy(nv_ld, nv_thr.partition_S(nv_whole), nv_vals)
        for i in cutlass.range(cute.size(nv_vals), unroll_full=True):
            nv_half[i] = nv_vals[i].to(BF16)
        cute.copy(nv_store, nv_half, nv_slots[None, None, None, 0])
        for kk in cutlass.range_constexpr(cute.size(a_nvt, mode=[2])):
            cute.gemm(upd, t_dh, a_nvt[None, None, kk, 0], b_k[None, None, kk, 0], t_dh)
        cute.copy(dh_ld, dh_thr.partition_S(dh_whole), dh_vals)
        for i in cutlass.range(cute.size(carried), unroll_full=True):
            carried[i] = 0.9 * carried[i] + dh_vals[i]
        for i in cutlass.range(cute.size(carried), unroll_full=True):
            st_half[i] = carried[i].to(BF16)
        cute.copy(st_store, st_half, st_slots[None, None, None, 0])


@cute.jit
def delta_rule_host(t: cute.Tensor, q: cute.Tensor):
    k_major, mn_major = OperandMajorMode.K, OperandMajorMode.MN
    tok = _tiled(k_major, k_major, STATE_TILE[:2])
    cluster = cute.tiled_divide(cute.make_layout((1, 1, 1)), (tok.thr_id.shape,)).shape
    g2s = cpasync.CopyBulkTensorTileG2SOp()
    a_smem = cute.select(sm100.make_smem_layout_a(tok, TOKENS_TILE, BF16, 1), mode=[0, 1, 2])
    t_load, t_coords = cute.nvgpu.make_tiled_tma_atom_A(g2s, t, a_smem, TOKENS_TILE, tok, cluster)
    q_load, q_coords = cute.nvgpu.make_tiled_tma_atom_A(g2s, q, a_smem, STATE_TILE, tok, cluster)
    delta_rule_kernel(tok, _tiled(k_major, mn_major, UPDATE_TILE[:2]), t_load, t_coords, q_load, q_coords).launch(
        grid=(1, 1, 1), block=(128, 1, 1))


def compile_delta_rule():
    from cutlass.cute.runtime import make_fake_compact_tensor

    t = make_fake_compact_tensor(BF16, (4 * CHUNK, CHUNK), stride_order=(1, 0), assumed_align=16)  # (tokens, tokens)
    q = make_fake_compact_tensor(BF16, (4 * CHUNK, DK), stride_order=(1, 0), assumed_align=16)  # (tokens, key dim)
    return cute.compile(delta_rule_host, t, q)
