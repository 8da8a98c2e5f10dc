"""Two compile-only Blackwell kernels (sm_100a) of an MLA backward launched apart. The first computes MLA's dQ and
dQv alone, as an attention backward's dQ kernel launched apart from dK / dV: the query split into a part that multiplies the keys and a part that multiplies
the values, S = Q K^T + Qv V^T (one TiledMma, one TMEM accumulator, two operand pairs: V enters the B slot of the
score product), dP = dO V^T, dS from S and dP written through a view laid by hand over the SMEM buffer both
gradients read as their A operand, then dQ = dS K and dQv = dS V (K^T and V^T in SMEM buffers of their own), each
written out to global memory row by row. Head dims unequal: 64 for Q / K, 128 for Qv / V / dO."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32 = cutlass.BFloat16, cutlass.Float32
ROWS, COLS, NARROW, WIDE = 128, 64, 64, 128  # queries, keys, Q / K head dim, Qv / V head dim


def _mma(n):
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, (ROWS, n), tcgen05.OperandSource.SMEM)


def _buffer(smem, layout):
    return smem.allocate_tensor(BF16, layout.outer, 1024, layout.inner)


@cute.jit
def _fill(buffer, source, t, rows, width):
    """Row t of a (rows, width) global tile into a K-major SMEM operand, element by element."""
    if t < rows:
        for i in cutlass.range_constexpr(width):
            buffer[((t, i % 16), 0, i // 16, 0)] = source[t, i]


def _accumulator(mma, shape, column):
    """The MMA's accumulator fragment laid at a TMEM column."""
    acc = mma.make_fragment_C(mma.partition_shape_C(shape))
    return cute.make_tensor(cute.make_ptr(F32, column, cute.AddressSpace.tmem), acc.layout)


def _issue(mma, acc, a, b):
    for k in range(cute.size(a, mode=[2])):  # a helper the preprocessor does not rewrite: a Python loop
        cute.gemm(mma, acc, a[None, None, k, 0], b[None, None, k, 0], acc)


def _loaded(mma, acc, t, n):
    """A 32x32b tcgen05.ld of a (128, n) accumulator, thread t on lane t, in fp32 registers."""
    get = cute.make_tiled_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                               cute.make_layout(((32, 4), (32, 32)), stride=((0, 1), (4, 128))),
                               (cute.make_layout((128, 32), stride=(32, 1)),))
    lane = get.get_slice(t % 128)
    at = mma.get_slice(0).partition_C(cute.make_identity_tensor((ROWS, n)))
    values = cute.make_rmem_tensor(lane.partition_D(at).shape, F32)
    cute.copy(get, lane.partition_S(acc), values)
    return values


@cute.kernel
def mla_dq_kernel(score: cute.TiledMma, grad: cute.TiledMma, back_k: cute.TiledMma, back_v: cute.TiledMma,
                  Xa: cute.Tensor, Xb: cute.Tensor, Ya: cute.Tensor, Yb: cute.Tensor, Zb: cute.Tensor,
                  Oa: cute.Tensor, Ob: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_xa = _buffer(smem, sm100.make_smem_layout_a(score, (ROWS, COLS, NARROW), BF16, 1))
    s_ya = _buffer(smem, sm100.make_smem_layout_b(score, (ROWS, COLS, NARROW), BF16, 1))
    s_xb = _buffer(smem, sm100.make_smem_layout_a(score, (ROWS, COLS, WIDE), BF16, 1))
    s_yb = _buffer(smem, sm100.make_smem_layout_b(score, (ROWS, COLS, WIDE), BF16, 1))
    s_zb = _buffer(smem, sm100.make_smem_layout_a(grad, (ROWS, COLS, WIDE), BF16, 1))
    s_w = _buffer(smem, sm100.make_smem_layout_a(back_k, (ROWS, NARROW, COLS), BF16, 1))
    s_yat = _buffer(smem, sm100.make_smem_layout_b(back_k, (ROWS, NARROW, COLS), BF16, 1))
    s_ybt = _buffer(smem, sm100.make_smem_layout_b(back_v, (ROWS, WIDE, COLS), BF16, 1))
    _fill(s_xa, Xa, t, ROWS, NARROW)
    _fill(s_xb, Xb, t, ROWS, WIDE)
    _fill(s_zb, Zb, t, ROWS, WIDE)
    _fill(s_ya, Ya, t, COLS, NARROW)
    _fill(s_yb, Yb, t, COLS, WIDE)
    if t < COLS:  # the second operands again, each column of them a row of the buffers dQ and dQv read
        for i in cutlass.range_constexpr(NARROW):
            s_yat[((i, t % 16), 0, t // 16, 0)] = Ya[t, i]
        for i in cutlass.range_constexpr(WIDE):
            s_ybt[((i, t % 16), 0, t // 16, 0)] = Yb[t, i]
    first = _accumulator(score, (ROWS, COLS), 0)
    _issue(score, first, score.make_fragment_A(s_xa), score.make_fragment_B(s_ya))
    _issue(score, first, score.make_fragment_A(s_xb), score.make_fragment_B(s_yb))
    second = _accumulator(grad, (ROWS, COLS), 64)
    _issue(grad, second, grad.make_fragment_A(s_zb), grad.make_fragment_B(s_yb))
    out_a = _accumulator(back_k, (ROWS, NARROW), 128)
    _issue(back_k, out_a, back_k.make_fragment_A(s_w), back_k.make_fragment_B(s_yat))
    out_b = _accumulator(back_v, (ROWS, WIDE), 192)
    _issue(back_v, out_b, back_v.make_fragment_A(s_w), back_v.make_fragment_B(s_ybt))
    # the softmax warps' code, traced after the MMA warp's (pipelines left out): dS = P (dP - rowsum), in bf16
    p = _loaded(score, first, t, COLS)
    dp = _loaded(grad, second, t, COLS)
    for i in cutlass.range_constexpr(cute.size(dp)):  # in place, element by element, as the kernels of the class do
        dp[i] = p[i] * dp[i]
    ds = cute.make_fragment_like(dp, BF16)
    ds.store(dp.load().to(BF16))
    seen = cute.composition(s_w[None, None, None, 0], cute.make_ordered_layout((ROWS, COLS), order=(0, 1)))
    by_hand = cute.make_tensor(seen.iterator, cute.make_layout((ROWS, (32, 2)), stride=(COLS, (1, 32))))
    for half in cutlass.range_constexpr(2):
        cute.autovec_copy(ds[None, half, 0, 0], by_hand[t, (None, half)])
    # the epilogue: each gradient's row t out to global memory
    got_a = _loaded(back_k, out_a, t, NARROW)
    row_a = cute.make_fragment_like(got_a, BF16)
    row_a.store(got_a.load().to(BF16))
    for half in cutlass.range_constexpr(2):
        cute.autovec_copy(row_a[None, half, 0, 0], cute.local_tile(Oa[t, None], (32,), (half,)))
    got_b = _loaded(back_v, out_b, t, WIDE)
    row_b = cute.make_fragment_like(got_b, BF16)
    row_b.store(got_b.load().to(BF16))
    for quarter in cutlass.range_constexpr(4):
        cute.autovec_copy(row_b[None, quarter, 0, 0], cute.local_tile(Ob[t, None], (32,), (quarter,)))


@cute.jit
def mla_dq_host(Xa: cute.Tensor, Xb: cute.Tensor, Ya: cute.Tensor, Yb: cute.Tensor, Zb: cute.Tensor,
                Oa: cute.Tensor, Ob: cute.Tensor):
    mla_dq_kernel(_mma(COLS), _mma(COLS), _mma(NARROW), _mma(WIDE), Xa, Xb, Ya, Yb, Zb, Oa, Ob).launch(
        grid=(1, 1, 1), block=(128, 1, 1))


def compile_mla_dq():
    def tensor(rows, width):
        return make_fake_compact_tensor(BF16, (rows, width), stride_order=(1, 0), assumed_align=16)

    return cute.compile(mla_dq_host, tensor(ROWS, NARROW), tensor(ROWS, WIDE), tensor(COLS, NARROW),
                        tensor(COLS, WIDE), tensor(ROWS, WIDE), tensor(ROWS, NARROW), tensor(ROWS, WIDE))


def _written_by_hand(buffer, values, t):
    """A converted (128, 64) register tile into an A operand buffer through a per-thread view laid by hand over it."""
    seen = cute.composition(buffer[None, None, None, 0], cute.make_ordered_layout((ROWS, COLS), order=(0, 1)))
    by_hand = cute.make_tensor(seen.iterator, cute.make_layout((ROWS, (32, 2)), stride=(COLS, (1, 32))))
    for half in range(2):
        cute.autovec_copy(values[None, half, 0, 0], by_hand[t, (None, half)])


def _transposed_by_hand(score, grad, first, second, s_p, s_ds, t):
    """The softmax warps' code of a dK kernel: S^T and dP^T out of TMEM, dS^T = P^T * dP^T in place, element by
    element, then P^T and dS^T converted and written to their SMEM operand buffers through per-thread views."""
    p = _loaded(score, first, t, COLS)
    dp = _loaded(grad, second, t, COLS)
    for i in range(cute.size(dp)):  # a helper the preprocessor does not rewrite: a Python loop
        dp[i] = p[i] * dp[i]
    pt = cute.make_fragment_like(p, BF16)
    pt.store(p.load().to(BF16))
    _written_by_hand(s_p, pt, t)
    dst = cute.make_fragment_like(dp, BF16)
    dst.store(dp.load().to(BF16))
    _written_by_hand(s_ds, dst, t)


@cute.kernel
def mla_dk_kernel(score: cute.TiledMma, grad: cute.TiledMma, back_k: cute.TiledMma, back_v: cute.TiledMma,
                  Xa: cute.Tensor):
    """The second kernel, dK and dV alone, the rows the keys: S^T = K Q^T + V Qv^T (one TiledMma, two operand
    pairs), dP^T = V dO^T, P^T and dS^T to SMEM, dK = dS^T Q and dV = P^T dO + dS^T Qv (one TiledMma, two operand
    pairs into one accumulator: V's gradient through both places it enters)."""
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_ka = _buffer(smem, sm100.make_smem_layout_a(score, (ROWS, COLS, NARROW), BF16, 1))
    s_qa = _buffer(smem, sm100.make_smem_layout_b(score, (ROWS, COLS, NARROW), BF16, 1))
    s_vb = _buffer(smem, sm100.make_smem_layout_a(score, (ROWS, COLS, WIDE), BF16, 1))
    s_qb = _buffer(smem, sm100.make_smem_layout_b(score, (ROWS, COLS, WIDE), BF16, 1))
    s_gb = _buffer(smem, sm100.make_smem_layout_b(grad, (ROWS, COLS, WIDE), BF16, 1))
    s_p = _buffer(smem, sm100.make_smem_layout_a(back_v, (ROWS, WIDE, COLS), BF16, 1))
    s_ds = _buffer(smem, sm100.make_smem_layout_a(back_k, (ROWS, NARROW, COLS), BF16, 1))
    s_qat = _buffer(smem, sm100.make_smem_layout_b(back_k, (ROWS, NARROW, COLS), BF16, 1))
    s_gbt = _buffer(smem, sm100.make_smem_layout_b(back_v, (ROWS, WIDE, COLS), BF16, 1))
    s_qbt = _buffer(smem, sm100.make_smem_layout_b(back_v, (ROWS, WIDE, COLS), BF16, 1))
    first = _accumulator(score, (ROWS, COLS), 0)
    _issue(score, first, score.make_fragment_A(s_ka), score.make_fragment_B(s_qa))
    _issue(score, first, score.make_fragment_A(s_vb), score.make_fragment_B(s_qb))
    second = _accumulator(grad, (ROWS, COLS), 64)
    _issue(grad, second, grad.make_fragment_A(s_vb), grad.make_fragment_B(s_gb))
    out_k = _accumulator(back_k, (ROWS, NARROW), 128)
    _issue(back_k, out_k, back_k.make_fragment_A(s_ds), back_k.make_fragment_B(s_qat))
    out_v = _accumulator(back_v, (ROWS, WIDE), 192)
    _issue(back_v, out_v, back_v.make_fragment_A(s_p), back_v.make_fragment_B(s_gbt))
    _issue(back_v, out_v, back_v.make_fragment_A(s_ds), back_v.make_fragment_B(s_qbt))
    # the softmax warps' code, traced after the MMA warp's (pipelines left out)
    _transposed_by_hand(score, grad, first, second, s_p, s_ds, t)
    Xa[t] = out_k.iterator.toint() + out_v.iterator.toint()


@cute.jit
def mla_dk_host(Xa: cute.Tensor):
    mla_dk_kernel(_mma(COLS), _mma(COLS), _mma(NARROW), _mma(WIDE), Xa).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_mla_dk():
    return cute.compile(mla_dk_host, make_fake_compact_tensor(cutlass.Int32, (128,), assumed_align=16))


@cute.kernel
def dk_views_kernel(score: cute.TiledMma, grad: cute.TiledMma, back_k: cute.TiledMma, back_v: cute.TiledMma,
                    Xa: cute.Tensor):
    """A third kernel, not MLA: the dK kernel's data flow with the keys and the values in buffers of their own
    (S^T = K Q^T, dP^T = V dO^T, dK = dS^T Q, dV = P^T dO), so no operand is shared by the two score-shaped
    products; the per-query statistics (an LSE and the dP row sums) are SMEM vectors seen as (keys, queries) tiles
    with stride 0 over the keys, partitioned like S^T and read by the same threads."""
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_ka = _buffer(smem, sm100.make_smem_layout_a(score, (ROWS, COLS, NARROW), BF16, 1))
    s_qa = _buffer(smem, sm100.make_smem_layout_b(score, (ROWS, COLS, NARROW), BF16, 1))
    s_vb = _buffer(smem, sm100.make_smem_layout_a(grad, (ROWS, COLS, WIDE), BF16, 1))
    s_gb = _buffer(smem, sm100.make_smem_layout_b(grad, (ROWS, COLS, WIDE), BF16, 1))
    s_p = _buffer(smem, sm100.make_smem_layout_a(back_v, (ROWS, WIDE, COLS), BF16, 1))
    s_ds = _buffer(smem, sm100.make_smem_layout_a(back_k, (ROWS, NARROW, COLS), BF16, 1))
    s_qat = _buffer(smem, sm100.make_smem_layout_b(back_k, (ROWS, NARROW, COLS), BF16, 1))
    s_gbt = _buffer(smem, sm100.make_smem_layout_b(back_v, (ROWS, WIDE, COLS), BF16, 1))
    s_lse = smem.allocate_tensor(F32, cute.make_layout(COLS), 16)
    s_sum = smem.allocate_tensor(F32, cute.make_layout(COLS), 16)
    first = _accumulator(score, (ROWS, COLS), 0)
    _issue(score, first, score.make_fragment_A(s_ka), score.make_fragment_B(s_qa))
    second = _accumulator(grad, (ROWS, COLS), 64)
    _issue(grad, second, grad.make_fragment_A(s_vb), grad.make_fragment_B(s_gb))
    out_k = _accumulator(back_k, (ROWS, NARROW), 128)
    _issue(back_k, out_k, back_k.make_fragment_A(s_ds), back_k.make_fragment_B(s_qat))
    out_v = _accumulator(back_v, (ROWS, WIDE), 192)
    _issue(back_v, out_v, back_v.make_fragment_A(s_p), back_v.make_fragment_B(s_gbt))
    # the softmax warps' code: P^T = exp2(S^T - LSE), dS^T = P^T (dP^T - rowsum), the statistics per column
    lse_kq = cute.make_tensor(s_lse.iterator, cute.make_layout((ROWS, COLS), stride=(0, 1)))
    sum_kq = cute.make_tensor(s_sum.iterator, cute.make_layout((ROWS, COLS), stride=(0, 1)))
    p = _loaded(score, first, t, COLS)
    dp = _loaded(grad, second, t, COLS)
    r_lse = _statistic(score, lse_kq, t)
    r_sum = _statistic(grad, sum_kq, t)
    for i in cutlass.range_constexpr(cute.size(dp)):
        p[i] = cute.math.exp2(p[i] - r_lse[i], fastmath=True)
        dp[i] = p[i] * (dp[i] - r_sum[i])
    pt = cute.make_fragment_like(p, BF16)
    pt.store(p.load().to(BF16))
    _written_by_hand(s_p, pt, t)
    dst = cute.make_fragment_like(dp, BF16)
    dst.store(dp.load().to(BF16))
    _written_by_hand(s_ds, dst, t)
    Xa[t] = out_k.iterator.toint() + out_v.iterator.toint()


def _statistic(mma, tile, t):
    """Thread t's values of a (rows, columns) view partitioned like the MMA's accumulator, as the 32x32b
    tcgen05.ld of `_loaded` lays them, in fp32 registers."""
    get = cute.make_tiled_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                               cute.make_layout(((32, 4), (32, 32)), stride=((0, 1), (4, 128))),
                               (cute.make_layout((128, 32), stride=(32, 1)),))
    seen = get.get_slice(t % 128).partition_D(mma.get_slice(0).partition_C(tile))
    values = cute.make_rmem_tensor(seen.shape, F32)
    cute.autovec_copy(seen, values)
    return values


@cute.jit
def dk_views_host(Xa: cute.Tensor):
    dk_views_kernel(_mma(COLS), _mma(COLS), _mma(NARROW), _mma(WIDE), Xa).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_dk_views():
    return cute.compile(dk_views_host, make_fake_compact_tensor(cutlass.Int32, (128,), assumed_align=16))


@cute.kernel
def mla_dk_packed_kernel(score: cute.TiledMma, grad: cute.TiledMma, back_k: cute.TiledMma, back_v: cute.TiledMma,
                         Xa: cute.Tensor):
    """A fourth kernel, MLA's dK kernel with the keys' two parts in one buffer: K = [latent | rope] (192 columns), the
    values V the latent's 128 columns, a view laid over that buffer's pointer, not a tensor of their own.
    S^T = K Q^T (one operand pair, Q = [Q_nope | Q_rope]), dP^T = V dO^T, P^T and dS^T through SMEM by per-thread
    views, dV = P^T dO + dS^T Q_nope (one accumulator), dK_rope = dS^T Q_rope. No statistics are read."""
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_kv = _buffer(smem, sm100.make_smem_layout_a(score, (ROWS, COLS, WIDE + NARROW), BF16, 1))
    s_q = _buffer(smem, sm100.make_smem_layout_b(score, (ROWS, COLS, WIDE + NARROW), BF16, 1))
    latent = sm100.make_smem_layout_a(grad, (ROWS, COLS, WIDE), BF16, 1)
    s_v = cute.make_tensor(cute.recast_ptr(s_kv.iterator, latent.inner, BF16), latent.outer)
    s_gb = _buffer(smem, sm100.make_smem_layout_b(grad, (ROWS, COLS, WIDE), BF16, 1))
    s_p = _buffer(smem, sm100.make_smem_layout_a(back_v, (ROWS, WIDE, COLS), BF16, 1))
    s_ds = _buffer(smem, sm100.make_smem_layout_a(back_k, (ROWS, NARROW, COLS), BF16, 1))
    s_qat = _buffer(smem, sm100.make_smem_layout_b(back_k, (ROWS, NARROW, COLS), BF16, 1))
    s_gbt = _buffer(smem, sm100.make_smem_layout_b(back_v, (ROWS, WIDE, COLS), BF16, 1))
    s_qbt = _buffer(smem, sm100.make_smem_layout_b(back_v, (ROWS, WIDE, COLS), BF16, 1))
    first = _accumulator(score, (ROWS, COLS), 0)
    _issue(score, first, score.make_fragment_A(s_kv), score.make_fragment_B(s_q))
    second = _accumulator(grad, (ROWS, COLS), 64)
    _issue(grad, second, grad.make_fragment_A(s_v), grad.make_fragment_B(s_gb))
    out_k = _accumulator(back_k, (ROWS, NARROW), 128)
    _issue(back_k, out_k, back_k.make_fragment_A(s_ds), back_k.make_fragment_B(s_qat))
    out_v = _accumulator(back_v, (ROWS, WIDE), 192)
    _issue(back_v, out_v, back_v.make_fragment_A(s_p), back_v.make_fragment_B(s_gbt))
    _issue(back_v, out_v, back_v.make_fragment_A(s_ds), back_v.make_fragment_B(s_qbt))
    _transposed_by_hand(score, grad, first, second, s_p, s_ds, t)
    Xa[t] = out_k.iterator.toint() + out_v.iterator.toint()


@cute.jit
def mla_dk_packed_host(Xa: cute.Tensor):
    mla_dk_packed_kernel(_mma(COLS), _mma(COLS), _mma(NARROW), _mma(WIDE), Xa).launch(grid=(1, 1, 1),
                                                                                     block=(128, 1, 1))


def compile_mla_dk_packed():
    return cute.compile(mla_dk_packed_host, make_fake_compact_tensor(cutlass.Int32, (128,), assumed_align=16))
