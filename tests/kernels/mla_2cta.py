"""Two compile-only Blackwell kernels (sm_100a) of an MLA backward launched apart, on 2-CTA MMAs (a CTA pair, cluster
(2, 1, 1)), with MLA's head dims: a 512-wide latent that is both the keys' first part and the values, and a 64-wide
rope part. Every MMA is issued out of sight (as by inline PTX: the trace sees its fragments only).

The dQ kernel: S = Q_nope C^T + Q_rope K_rope^T (one TiledMma, two operand pairs), dP = dO C^T (the latent C, one
SMEM buffer, in the B slot of both), dS written to SMEM through an epilogue-shaped view, then dQ_nope = dS C (the
latent again, transposed, from a buffer of its own: a 2-CTA B operand is split over the pair by its columns) and
dQ_rope = dS K_rope. The dK kernel: S^T = C Q_nope^T + K_rope Q_rope^T, dP^T = C dO^T (C in the A slot of both),
P^T back into TMEM, dS^T into SMEM, then dC = P^T dO + dS^T Q_nope (two TiledMmas, one accumulator: the latent's
gradient through both places it enters) and dK_rope = dS^T Q_rope. The per-query statistics are SMEM vectors seen as
score tiles with stride 0 along the keys. The score products read the latent a 128-wide chunk at a time (the
chunks' loads left out); latent-wide gradients are issued in halves of 256 columns."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

BF16, F32 = cutlass.BFloat16, cutlass.Float32
PAIR, STEP, LATENT, ROPE = 256, 64, 512, 64  # rows a CTA pair owns, a step's columns, head dims
HALF = LATENT // 2
CHUNK = 128  # the latent's columns a score product reads at a time (SMEM holds a quarter of it)
P_COLUMN = 448  # P^T's own TMEM columns


def _mma(mn, b_major=OperandMajorMode.K, source=tcgen05.OperandSource.SMEM):
    return sm100.make_trivial_tiled_mma(BF16, BF16, OperandMajorMode.K, b_major, F32, tcgen05.CtaGroup.TWO, mn,
                                        source)


def _buffer(smem, layout):
    return smem.allocate_tensor(BF16, layout.outer, 1024, layout.inner)


def _accumulator(mma, mn, column):
    frag = mma.make_fragment_C(mma.partition_shape_C(mn))
    return cute.make_tensor(cute.make_ptr(F32, column, cute.AddressSpace.tmem, assumed_align=16), frag.layout)


def _softmax_pass(one, two, first, second, stat, rowsum, t, ds_buffer):
    """The compute warps: S and dP out of TMEM, P = exp2(S - LSE), dS = P (dP - rowsum) converted and written to
    `ds_buffer` through an epilogue-shaped view of it; returns P's registers and the tcgen05.ld copy."""
    load = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  first[(None, None), 0, 0])
    lane = load.get_slice(t % 128)
    grid = lane.partition_D(one.get_slice(0).partition_C(cute.make_identity_tensor((PAIR, STEP)))[(None, None), 0, 0])
    t_stat = lane.partition_D(one.get_slice(0).partition_C(stat)[(None, None), 0, 0])
    t_sum = lane.partition_D(two.get_slice(0).partition_C(rowsum)[(None, None), 0, 0])
    got_s = cute.make_rmem_tensor(grid.shape, F32)
    cute.copy(load, lane.partition_S(first[(None, None), 0, 0]), got_s)
    got_dp = cute.make_rmem_tensor(grid.shape, F32)
    cute.copy(load, lane.partition_S(second[(None, None), 0, 0]), got_dp)
    r_stat = cute.make_rmem_tensor(t_stat.shape, F32)
    cute.autovec_copy(t_stat, r_stat)
    r_sum = cute.make_rmem_tensor(t_sum.shape, F32)
    cute.autovec_copy(t_sum, r_sum)
    for i in range(cute.size(got_s)):  # a helper the preprocessor does not rewrite: a Python loop
        got_s[i] = cute.math.exp2(got_s[i] - r_stat[i], fastmath=True)
        got_dp[i] = got_s[i] * (got_dp[i] - r_sum[i])
    ds = cute.make_rmem_tensor(grid.shape, BF16)
    ds.store(got_dp.load().to(BF16))
    ds_epi = cute.make_tensor(ds_buffer.iterator, cute.make_layout((PAIR // 2, STEP), stride=(STEP, 1)))
    r2s = cute.make_tiled_copy_D(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), BF16), load)
    lane_r2s = r2s.get_slice(t % 128)
    cute.copy(r2s, lane_r2s.retile(ds), lane_r2s.partition_D(ds_epi))
    return got_s, load


@cute.kernel
def mla_dq2_kernel(score: cute.TiledMma, grad: cute.TiledMma, back_n: cute.TiledMma, back_r: cute.TiledMma):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_qn = _buffer(smem, sm100.make_smem_layout_a(score, (PAIR, STEP, CHUNK), BF16, 1))
    s_qr = _buffer(smem, sm100.make_smem_layout_a(score, (PAIR, STEP, ROPE), BF16, 1))
    s_c = _buffer(smem, sm100.make_smem_layout_b(score, (PAIR, STEP, CHUNK), BF16, 1))
    s_kr = _buffer(smem, sm100.make_smem_layout_b(score, (PAIR, STEP, ROPE), BF16, 1))
    s_do = _buffer(smem, sm100.make_smem_layout_a(grad, (PAIR, STEP, CHUNK), BF16, 1))
    s_ds = _buffer(smem, sm100.make_smem_layout_a(back_n, (PAIR, HALF, STEP), BF16, 1))
    s_ct = _buffer(smem, sm100.make_smem_layout_b(back_n, (PAIR, HALF, STEP), BF16, 2))  # two halves of the latent
    s_krt = _buffer(smem, sm100.make_smem_layout_b(back_r, (PAIR, ROPE, STEP), BF16, 1))
    s_lse = smem.allocate_tensor(F32, cute.make_layout(PAIR), 16)
    s_sum = smem.allocate_tensor(F32, cute.make_layout(PAIR), 16)
    first = _accumulator(score, (PAIR, STEP), 0)
    second = _accumulator(grad, (PAIR, STEP), 64)
    out_n = _accumulator(back_n, (PAIR, HALF), 128)
    out_r = _accumulator(back_r, (PAIR, ROPE), 384)
    # the MMA warp's fragments: S from two operand pairs, dP, and the two gradients (dQ_nope half by half)
    f_qn, f_c, f_qr, f_kr = (score.make_fragment_A(s_qn), score.make_fragment_B(s_c), score.make_fragment_A(s_qr),
                             score.make_fragment_B(s_kr))
    f_do, f_c2 = grad.make_fragment_A(s_do), grad.make_fragment_B(s_c)
    f_ds, f_ct = back_n.make_fragment_A(s_ds), back_n.make_fragment_B(s_ct)
    f_ds2, f_krt = back_r.make_fragment_A(s_ds), back_r.make_fragment_B(s_krt)
    lse_qk = cute.make_tensor(s_lse.iterator, cute.make_layout((PAIR, STEP), stride=(1, 0)))
    sum_qk = cute.make_tensor(s_sum.iterator, cute.make_layout((PAIR, STEP), stride=(1, 0)))
    _softmax_pass(score, grad, first, second, lse_qk, sum_qk, t, s_ds)


@cute.kernel
def mla_dk2_kernel(score: cute.TiledMma, grad: cute.TiledMma, back_p: cute.TiledMma, back_s: cute.TiledMma,
                   back_r: cute.TiledMma):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_c = _buffer(smem, sm100.make_smem_layout_a(score, (PAIR, STEP, CHUNK), BF16, 1))
    s_kr = _buffer(smem, sm100.make_smem_layout_a(score, (PAIR, STEP, ROPE), BF16, 1))
    s_qn = _buffer(smem, sm100.make_smem_layout_b(score, (PAIR, STEP, CHUNK), BF16, 1))
    s_qr = _buffer(smem, sm100.make_smem_layout_b(score, (PAIR, STEP, ROPE), BF16, 1))
    s_do = _buffer(smem, sm100.make_smem_layout_b(grad, (PAIR, STEP, CHUNK), BF16, 1))
    s_dot = _buffer(smem, sm100.make_smem_layout_b(back_p, (PAIR, HALF, STEP), BF16, 2))
    s_dst = _buffer(smem, sm100.make_smem_layout_a(back_s, (PAIR, HALF, STEP), BF16, 1))
    s_qnt = _buffer(smem, sm100.make_smem_layout_b(back_s, (PAIR, HALF, STEP), BF16, 2))
    s_qrt = _buffer(smem, sm100.make_smem_layout_b(back_r, (PAIR, ROPE, STEP), BF16, 1))
    s_lse = smem.allocate_tensor(F32, cute.make_layout(STEP), 16)
    s_sum = smem.allocate_tensor(F32, cute.make_layout(STEP), 16)
    first = _accumulator(score, (PAIR, STEP), 0)
    second = _accumulator(grad, (PAIR, STEP), 64)
    out_c = _accumulator(back_p, (PAIR, HALF), 128)  # dC = P^T dO + dS^T Q_nope, one accumulator
    out_r = _accumulator(back_r, (PAIR, ROPE), 384)
    pt = cute.make_tensor(cute.recast_ptr(first.iterator + P_COLUMN, dtype=BF16),
                          sm100.make_smem_layout_a(back_p, (PAIR, HALF, STEP), BF16, 1).outer)
    f_c, f_qn, f_kr, f_qr = (score.make_fragment_A(s_c), score.make_fragment_B(s_qn), score.make_fragment_A(s_kr),
                             score.make_fragment_B(s_qr))
    f_c2, f_do = grad.make_fragment_A(s_c), grad.make_fragment_B(s_do)
    f_p, f_dot = back_p.make_fragment_A(pt), back_p.make_fragment_B(s_dot)
    f_dst, f_qnt = back_s.make_fragment_A(s_dst), back_s.make_fragment_B(s_qnt)
    f_dst2, f_qrt = back_r.make_fragment_A(s_dst), back_r.make_fragment_B(s_qrt)
    lse_kq = cute.make_tensor(s_lse.iterator, cute.make_layout((PAIR, STEP), stride=(0, 1)))
    sum_kq = cute.make_tensor(s_sum.iterator, cute.make_layout((PAIR, STEP), stride=(0, 1)))
    got_p, load = _softmax_pass(score, grad, first, second, lse_kq, sum_kq, t, s_dst)
    p_view = cute.make_tensor(first.iterator + P_COLUMN, first.layout)
    save = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  p_view[(None, None), 0, 0])
    cute.copy(save, got_p, save.get_slice(t % 128).partition_D(p_view[(None, None), 0, 0]))


def _launch(kernel, *mmas):
    kernel(*mmas).launch(grid=(2, 1, 1), block=(128, 1, 1), cluster=(2, 1, 1))


@cute.jit
def mla_dq2_host():
    mn = OperandMajorMode.MN
    _launch(mla_dq2_kernel, _mma((PAIR, STEP)), _mma((PAIR, STEP)), _mma((PAIR, HALF), mn), _mma((PAIR, ROPE), mn))


@cute.jit
def mla_dk2_host():
    mn, tmem = OperandMajorMode.MN, tcgen05.OperandSource.TMEM
    _launch(mla_dk2_kernel, _mma((PAIR, STEP)), _mma((PAIR, STEP)), _mma((PAIR, HALF), mn, tmem),
            _mma((PAIR, HALF), mn), _mma((PAIR, ROPE), mn))


def compile_mla_dq2():
    return cute.compile(mla_dq2_host)


def compile_mla_dk2():
    return cute.compile(mla_dk2_host)
