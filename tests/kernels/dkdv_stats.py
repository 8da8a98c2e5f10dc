"""A compile-only Blackwell (sm_100a) attention backward's dK / dV kernel launched apart, not MLA: each CTA owns a
tile of 128 keys and loops over the query tiles. S^T = K Q^T and dP^T = V dO^T put the keys on the TMEM lanes (the
MMA's rows); the per-query statistics (LSE and the dP row sums) are SMEM vectors of the loop's query tile, seen as
(keys, queries) tiles with stride 0 over the keys and partitioned like S^T; a causal mask compares each value's
coordinates. P^T goes back into TMEM as dV = P^T dO's A operand, dS^T into SMEM through an epilogue-shaped view for
dK = dS^T Q. Every MMA is issued out of sight (as by inline PTX: the trace sees its fragments only); the second
operands of dV and dK are buffers of their own, filled from the global tensors element by element, so no view joins
a gradient's axes to the scores'. Head dims unequal: 64 for Q / K, 128 for V / dO."""
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
ROWS, COLS, NARROW, WIDE = 128, 64, 64, 128  # keys a CTA owns, queries a step, Q / K head dim, V / dO head dim
FIRST, SECOND = (ROWS, COLS, NARROW), (ROWS, COLS, WIDE)  # (M, N, K) of S^T = K Q^T and of dP^T = V dO^T
THIRD, FOURTH = (ROWS, WIDE, COLS), (ROWS, NARROW, COLS)  # of dV = P^T dO and of dK = dS^T Q
P_COLUMN = 320  # P^T's own TMEM columns, past the four accumulators' first columns


def _mma(mn, b_major=OperandMajorMode.K, source=tcgen05.OperandSource.SMEM):
    return sm100.make_trivial_tiled_mma(BF16, BF16, OperandMajorMode.K, b_major, F32, tcgen05.CtaGroup.ONE, mn,
                                        source)


def _buffer(smem, layout):
    return smem.allocate_tensor(BF16, layout.outer, 1024, layout.inner)


def _accumulator(mma, shape, column):
    frag = mma.make_fragment_C(mma.partition_shape_C(shape[:2]))
    return cute.make_tensor(cute.make_ptr(F32, column, cute.AddressSpace.tmem, assumed_align=16), frag.layout)


@cute.kernel
def dkdv_kernel(one: cute.TiledMma, two: cute.TiledMma, three: cute.TiledMma, four: cute.TiledMma,
                Xa: cute.Tensor, Ya: cute.Tensor, Yb: cute.Tensor, Xb: cute.Tensor, Ua: cute.Tensor,
                Ub: cute.Tensor, Oa: cute.Tensor, Ob: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    b, _, _ = cute.arch.block_idx()
    smem = utils.SmemAllocator()
    s_k = _buffer(smem, sm100.make_smem_layout_a(one, FIRST, BF16, 1))
    s_q = _buffer(smem, sm100.make_smem_layout_b(one, FIRST, BF16, 1))
    s_v = _buffer(smem, sm100.make_smem_layout_a(two, SECOND, BF16, 1))
    s_do = _buffer(smem, sm100.make_smem_layout_b(two, SECOND, BF16, 1))
    s_dot = _buffer(smem, sm100.make_smem_layout_b(three, THIRD, BF16, 1))
    s_ds = _buffer(smem, sm100.make_smem_layout_a(four, FOURTH, BF16, 1))
    s_qt = _buffer(smem, sm100.make_smem_layout_b(four, FOURTH, BF16, 1))
    s_lse = smem.allocate_tensor(F32, cute.make_layout(COLS), 16)
    s_sum = smem.allocate_tensor(F32, cute.make_layout(COLS), 16)

    first = _accumulator(one, FIRST, 0)
    second = _accumulator(two, SECOND, 64)
    out_v = _accumulator(three, THIRD, 128)
    out_k = _accumulator(four, FOURTH, 256)
    p_layout = sm100.make_smem_layout_a(three, THIRD, BF16, 1)
    pt = cute.make_tensor(cute.recast_ptr(first.iterator + P_COLUMN, dtype=BF16), p_layout.outer)
    # the MMA warp's fragments: every product issued by PTX the trace does not see
    f_k, f_q = one.make_fragment_A(s_k), one.make_fragment_B(s_q)
    f_v, f_do = two.make_fragment_A(s_v), two.make_fragment_B(s_do)
    f_p, f_dot = three.make_fragment_A(pt), three.make_fragment_B(s_dot)
    f_ds, f_qt = four.make_fragment_A(s_ds), four.make_fragment_B(s_qt)

    if t < ROWS:  # this CTA's keys and values, once
        for i in cutlass.range_constexpr(NARROW):
            s_k[((t, i % 16), 0, i // 16, 0)] = Ya[b * ROWS + t, i]
        for i in cutlass.range_constexpr(WIDE):
            s_v[((t, i % 16), 0, i // 16, 0)] = Yb[b * ROWS + t, i]

    load = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  first[(None, None), 0, 0])
    lane = load.get_slice(t % 128)
    grid = lane.partition_D(one.get_slice(0).partition_C(cute.make_identity_tensor(FIRST[:2]))[(None, None), 0, 0])
    lse_kq = cute.make_tensor(s_lse.iterator, cute.make_layout((ROWS, COLS), stride=(0, 1)))
    sum_kq = cute.make_tensor(s_sum.iterator, cute.make_layout((ROWS, COLS), stride=(0, 1)))
    t_lse = lane.partition_D(one.get_slice(0).partition_C(lse_kq)[(None, None), 0, 0])
    t_sum = lane.partition_D(two.get_slice(0).partition_C(sum_kq)[(None, None), 0, 0])
    p_view = cute.make_tensor(first.iterator + P_COLUMN, first.layout)
    save = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                  p_view[(None, None), 0, 0])
    put = save.get_slice(t % 128)
    ds_epi = cute.make_tensor(s_ds.iterator, cute.make_layout((ROWS, COLS), stride=(COLS, 1)))
    r2s = cute.make_tiled_copy_D(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), BF16), load)
    lane_r2s = r2s.get_slice(t % 128)

    for j in cutlass.range(cute.size(Xa, mode=[0]) // COLS, unroll=1):  # the query tiles
        if t < COLS:  # the load warps: this step's queries, output gradients and their statistics
            for i in cutlass.range_constexpr(NARROW):
                s_q[((t, i % 16), 0, i // 16, 0)] = Xa[j * COLS + t, i]
                s_qt[((i, t % 16), 0, t // 16, 0)] = Xa[j * COLS + t, i]
            for i in cutlass.range_constexpr(WIDE):
                s_do[((t, i % 16), 0, i // 16, 0)] = Xb[j * COLS + t, i]
                s_dot[((i, t % 16), 0, t // 16, 0)] = Xb[j * COLS + t, i]
            s_lse[t] = Ua[j * COLS + t]
            s_sum[t] = Ub[j * COLS + t]
        # the compute warps: P^T = exp2(S^T - LSE) under the causal mask, dS^T = P^T (dP^T - rowsum)
        got_s = cute.make_rmem_tensor(grid.shape, F32)
        cute.copy(load, lane.partition_S(first[(None, None), 0, 0]), got_s)
        got_dp = cute.make_rmem_tensor(grid.shape, F32)
        cute.copy(load, lane.partition_S(second[(None, None), 0, 0]), got_dp)
        r_lse = cute.make_rmem_tensor(t_lse.shape, F32)
        cute.autovec_copy(t_lse, r_lse)
        r_sum = cute.make_rmem_tensor(t_sum.shape, F32)
        cute.autovec_copy(t_sum, r_sum)
        for i in cutlass.range_constexpr(cute.size(got_s)):
            row, col = grid[i]
            got_s[i] = cute.math.exp2(got_s[i] - r_lse[i], fastmath=True)
            if j * COLS + col < b * ROWS + row:  # a query before the key: masked
                got_s[i] = F32(0.0)
            got_dp[i] = got_s[i] * (got_dp[i] - r_sum[i])
        cute.copy(save, got_s, put.partition_D(p_view[(None, None), 0, 0]))
        ds = cute.make_rmem_tensor(grid.shape, BF16)
        ds.store(got_dp.load().to(BF16))
        cute.copy(r2s, lane_r2s.retile(ds), lane_r2s.partition_D(ds_epi))

    # the epilogue, once the loop is done: row t of dV and dK out to this CTA's tile of the outputs
    for acc, out, width in ((out_v, Ob, WIDE), (out_k, Oa, NARROW)):
        tile = cute.local_tile(out, (ROWS, width), (b, 0))
        drain = tcgen05.make_tmem_copy(
            cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32), acc[(None, None), 0, 0])
        lane_out = drain.get_slice(t % 128)
        got = cute.make_rmem_tensor(lane_out.partition_D(cute.make_identity_tensor((ROWS, width))).shape, F32)
        cute.copy(drain, lane_out.partition_S(acc[(None, None), 0, 0]), got)
        row = cute.make_rmem_tensor(got.shape, BF16)
        row.store(got.load().to(BF16))
        for i in cutlass.range_constexpr(width):
            tile[t, i] = row[i]


@cute.jit
def dkdv_host(Xa: cute.Tensor, Ya: cute.Tensor, Yb: cute.Tensor, Xb: cute.Tensor, Ua: cute.Tensor, Ub: cute.Tensor,
              Oa: cute.Tensor, Ob: cute.Tensor):
    mn = OperandMajorMode.MN
    dkdv_kernel(_mma(FIRST[:2]), _mma(SECOND[:2]), _mma(THIRD[:2], mn, tcgen05.OperandSource.TMEM),
                _mma(FOURTH[:2], mn), Xa, Ya, Yb, Xb, Ua, Ub, Oa, Ob).launch(
        grid=(cute.size(Ya, mode=[0]) // ROWS, 1, 1), block=(128, 1, 1))


def compile_dkdv():
    def tensor(rows, width, dtype=BF16):
        return make_fake_compact_tensor(dtype, (rows, width), stride_order=(1, 0), assumed_align=16)

    queries, keys = 256, 256
    return cute.compile(dkdv_host, tensor(queries, NARROW), tensor(keys, NARROW), tensor(keys, WIDE),
                        tensor(queries, WIDE), make_fake_compact_tensor(F32, (queries,), assumed_align=16),
                        make_fake_compact_tensor(F32, (queries,), assumed_align=16), tensor(keys, NARROW),
                        tensor(keys, WIDE))
