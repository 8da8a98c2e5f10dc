"""A compile-only Blackwell prefill (sm_100a) written with the habits any tcgen05 attention forward may have and
tune's forwards mostly lack, head dim 64 with 128-row tiles (the MMA tiles' rows wider than the head dim, a key block
as wide as the head dim):

- K and V live in ONE packed KV input (batch, keys, 2, KV heads, head dim), sliced by the host: K is
  `kv[None, None, 0, None, None]` re-laid (keys, head dim, heads, batch), V the same slot 1 seen (head dim, keys,
  heads, batch), the transposed view O = P V's B operand tiles;
- the varlen offset of the CTA's sequence is applied by `domain_offset` before the tiles are taken;
- the softmax reads S out of TMEM by tcgen05.ld in two column chunks of 32 (a `logical_divide` of the flat
  (rows, columns) view), masks it causally by an identity tensor partitioned the same way, and writes P in TMEM over
  S's columns, O = P V's A operand (the ts MMA);
- O's accumulator is laid at S's TMEM pointer plus S's and P's columns, in its own layout (one allocation);
- a correction step reads O out of TMEM, rescales it and writes it back;
- the epilogue reads O once more, writes it through the output's tile partitioned as O's accumulator, then by the
  same tcgen05.ld, and writes one log-sum-exp per row through a (rows, head dim) view of the LSE row whose columns
  step nothing; leaves the row max and sum in two of S's TMEM columns by a tcgen05.st of two scalars; and writes
  O's converted values again through a view laid by hand over an integer address of the
  thread's output row.
"""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32 = cutlass.BFloat16, cutlass.Float32
ROWS, COLS, DIM = 128, 64, 64  # a query tile's rows, a key block's keys, the head dim
CHUNK = 32  # columns of S one tcgen05.ld reads


def _mma(columns, b_major, a_from=tcgen05.OperandSource.SMEM):
    """A 1-CTA bf16 TiledMma of ROWS x `columns`: S = Q K^T (both K-major), O = P V (V MN-major, P from TMEM)."""
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, b_major, F32, tcgen05.CtaGroup.ONE,
                                        (ROWS, columns), a_from)


def _ld(repeat):
    return cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(repeat)), F32)


def _st(repeat, dtype):
    return cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(repeat)), dtype)


@cute.jit
def _buffer(smem: utils.SmemAllocator, laid):
    """One SMEM operand buffer (Q, or K's or V's two stages) in the MMA's swizzled layout."""
    return smem.allocate_tensor(BF16, laid.outer, 1024, laid.inner)


@cute.kernel
def prefill_kernel(qk: cute.TiledMma, pv: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor,
                   w: cute.Tensor, lse: cute.Tensor, starts: cute.Tensor, scale: F32):
    t, _, _ = cute.arch.thread_idx()
    tile, head, seq = cute.arch.block_idx()
    start = starts[seq]
    smem = utils.SmemAllocator()
    s_q, s_k, s_v = (_buffer(smem, laid) for laid in (
        sm100.make_smem_layout_a(qk, (ROWS, COLS, DIM), BF16, 1),
        sm100.make_smem_layout_b(qk, (ROWS, COLS, DIM), BF16, 2),
        sm100.make_smem_layout_b(pv, (ROWS, DIM, COLS), BF16, 2)))
    lay_p = sm100.make_smem_layout_a(pv, (ROWS, DIM, COLS), BF16, 1)

    # the sequence's rows and keys by a varlen offset, then the CTA's tiles
    xs = cute.domain_offset((start, 0), x[None, None, head, 0])
    ys = cute.domain_offset((start, 0), y[None, None, head, 0])
    zs = cute.domain_offset((0, start), z[None, None, head, 0])
    ws = cute.domain_offset((start, 0), w[None, None, head, 0])
    g_x = cute.local_tile(xs, (ROWS, DIM), (tile, 0))
    g_y = cute.local_tile(ys, (COLS, DIM), (None, 0))
    g_z = cute.local_tile(zs, (DIM, COLS), (0, None))
    g_w = cute.local_tile(ws, (ROWS, DIM), (tile, 0))
    a_part = qk.get_slice(0).partition_A(g_x)
    b_part = qk.get_slice(0).partition_B(g_y)
    v_part = pv.get_slice(0).partition_B(g_z)
    cute.printf("{} {} {}", a_part[0], b_part[0], v_part[0])

    qs, ks, vs = qk.make_fragment_A(s_q), qk.make_fragment_B(s_k), pv.make_fragment_B(s_v)
    acc_s = qk.make_fragment_C(qk.partition_shape_C((ROWS, COLS)))
    acc_s = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), acc_s.layout)
    acc_o = pv.make_fragment_C(pv.partition_shape_C((ROWS, DIM)))
    acc_o = cute.make_tensor(acc_s.iterator + 2 * COLS, acc_o.layout)  # O past S and P in the one allocation
    p_tmem = pv.make_fragment_A(cute.make_tensor(cute.recast_ptr(acc_s.iterator, dtype=BF16), lay_p.outer))
    p_tmem = p_tmem[None, None, None, 0]

    # the softmax's views: S flat (rows, columns) in column chunks, its coordinates the same way
    flat = cute.make_tensor(acc_s.iterator, cute.composition(acc_s.layout, cute.make_layout((ROWS, COLS))))
    chunks = cute.logical_divide(flat, (ROWS, CHUNK))
    ident = cute.make_identity_tensor((ROWS, COLS))
    ident_chunks = cute.logical_divide(ident, (ROWS, CHUNK))
    get = tcgen05.make_tmem_copy(_ld(CHUNK), chunks[(None, None), (None, 0)]).get_slice(t % 128)
    put = tcgen05.make_tmem_copy(_st(CHUNK // 2, BF16), p_tmem).get_slice(t % 128)
    into = put.partition_D(p_tmem)
    row_max = cute.make_rmem_tensor(1, F32)
    row_sum = cute.make_rmem_tensor(1, F32)
    row_max.fill(-1.0e30)
    row_sum.fill(0.0)

    # the correction's views of O
    o_get = tcgen05.make_tmem_copy(_ld(DIM), acc_o).get_slice(t % 128)
    o_put = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(DIM)), F32),
                                   acc_o).get_slice(t % 128)
    o_src = o_get.partition_S(acc_o)
    o_regs = cute.make_rmem_tensor(o_get.partition_D(acc_o).shape, F32)
    o_dst = o_put.partition_D(acc_o)
    o_held = cute.make_rmem_tensor((o_regs.shape, 2), F32)  # two rounds of O's registers, laid out from their shape
    o_held.fill(0.0)

    for n in cutlass.range(cute.size(g_y, mode=[2])):
        for k in cutlass.range_constexpr(cute.size(qs, mode=[2])):
            qk.set(tcgen05.Field.ACCUMULATE, k != 0)
            cute.gemm(qk, acc_s, qs[None, None, k, 0], ks[None, None, k, n % 2], acc_s)
        probs = cute.make_rmem_tensor(put.partition_S(p_tmem).shape, F32)
        for c in cutlass.range_constexpr(COLS // CHUNK):
            src = get.partition_S(chunks[(None, None), (None, c)])
            where = get.partition_D(ident_chunks[(None, None), (None, c)])
            vals = cute.make_rmem_tensor(where.shape, F32)
            cute.copy(get, src, vals)
            for i in cutlass.range_constexpr(cute.size(vals)):
                if where[i][1] + n * COLS > where[i][0] + tile * ROWS:
                    vals[i] = -1.0e30
                row_max[0] = cute.arch.fmax(row_max[0], vals[i])
            for i in cutlass.range_constexpr(cute.size(vals)):
                vals[i] = cute.math.exp2(vals[i] * scale - row_max[0], fastmath=True)
                row_sum[0] = row_sum[0] + vals[i]
                probs[c * CHUNK + i] = vals[i]
        halves = cute.make_rmem_tensor(probs.shape, BF16)
        halves.store(probs.load().to(BF16))
        cute.copy(put, halves, into)
        # the correction: O rescaled where it lives
        cute.copy(o_get, o_src, o_regs)
        o_regs.store(o_regs.load() * row_max[0])
        cute.copy(o_put, o_regs, o_dst)
        for k in cutlass.range_constexpr(cute.size(p_tmem, mode=[2])):
            pv.set(tcgen05.Field.ACCUMULATE, True)
            cute.gemm(pv, acc_o, p_tmem[None, None, k], vs[None, None, k, n % 2], acc_o)

    # the row statistics left in two of S's TMEM columns for another warp, beside their coordinates (the FMHA
    # skeleton's vec buffer): one scalar per register, each set by a statement of its own
    vec = cute.make_tensor(acc_s.iterator + COLS, cute.composition(acc_s.layout, cute.make_layout((ROWS, 2))))
    coords_s = qk.get_slice(0).partition_C(cute.make_identity_tensor((ROWS, COLS)))
    vec_at = cute.make_tensor(coords_s.iterator, cute.composition(coords_s.layout, cute.make_layout((ROWS, 2))))
    vec_put = tcgen05.make_tmem_copy(_st(2, F32), vec).get_slice(t % 128)
    vec_dst = vec_put.partition_D(vec)
    vec_where = vec_put.partition_S(vec_at)
    vec_vals = cute.make_rmem_tensor(vec_where.shape, F32)
    vec_vals[0] = row_max[0]
    vec_vals[1] = row_sum[0]
    cute.copy(vec_put, vec_vals, vec_dst)

    # the epilogue: O out of TMEM into the output's tile, one log-sum-exp per row
    out_vals = cute.make_rmem_tensor(o_get.partition_D(acc_o).shape, F32)
    cute.copy(o_get, o_src, out_vals)
    out_tile = o_get.partition_D(pv.get_slice(0).partition_C(g_w))
    out_half = cute.make_rmem_tensor(out_vals.shape, BF16)
    out_half.store((out_vals.load() / row_sum[0]).to(BF16))
    cute.autovec_copy(out_half, out_tile)
    # and the same values once more through a view laid by hand at the thread's row of the output, its address
    # computed as an integer (as kernels writing a varlen output row by row do): no traced call links it to `w`
    row_at = cute.make_ptr(BF16, (ws.iterator + t * DIM).toint(), cute.AddressSpace.gmem, assumed_align=16)
    row_out = cute.make_tensor(row_at, out_half.layout)
    cute.autovec_copy(out_half, row_out)
    lse_row = cute.domain_offset((start,), lse[None, head])
    lse_tile = cute.local_tile(lse_row, (ROWS,), (tile,))
    lse_grid = cute.make_tensor(lse_tile.iterator, cute.make_layout((ROWS, DIM), stride=(1, 0)))
    lse_mine = o_get.partition_D(pv.get_slice(0).partition_C(lse_grid))
    lse_mine[0] = row_max[0] + cute.math.log2(row_sum[0], fastmath=True)


@cute.jit
def prefill_host(q: cute.Tensor, kv: cute.Tensor, o: cute.Tensor, lse: cute.Tensor, starts: cute.Tensor):
    # (batch, tokens, heads, dim) -> (tokens, dim, heads, batch)
    x = cute.make_tensor(q.iterator, cute.select(q.layout, mode=[1, 3, 2, 0]))
    w = cute.make_tensor(o.iterator, cute.select(o.layout, mode=[1, 3, 2, 0]))
    # the packed KV cache (batch, tokens, 2, heads, dim): slot 0 the keys, slot 1 the values seen (dim, tokens)
    keys = kv[None, None, 0, None, None]
    values = kv[None, None, 1, None, None]
    y = cute.make_tensor(keys.iterator, cute.select(keys.layout, mode=[1, 3, 2, 0]))
    z = cute.make_tensor(values.iterator, cute.select(values.layout, mode=[3, 1, 2, 0]))
    # (heads, tokens) -> (tokens, heads)
    stats = cute.make_tensor(lse.iterator, cute.select(lse.layout, mode=[1, 0]))
    scores = _mma(COLS, tcgen05.OperandMajorMode.K)
    output = _mma(DIM, tcgen05.OperandMajorMode.MN, tcgen05.OperandSource.TMEM)
    prefill_kernel(scores, output, x, y, z, w, stats, starts, F32(0.125)).launch(grid=(4, 8, 2), block=(128, 1, 1))


@cute.jit
def prefill_thd_host(q: cute.Tensor, kv: cute.Tensor, o: cute.Tensor, lse: cute.Tensor, starts: cute.Tensor):
    """Q and O packed (tokens, heads, head dim) with run-time token and head strides of one divisibility (their
    texts equal), re-laid with their own strides, then seen (tokens, head dim, heads, 1) by a `select` and a size-1
    batch appended."""
    q_laid = cute.make_tensor(q.iterator, cute.make_layout(q.shape, stride=q.stride))
    o_laid = cute.make_tensor(o.iterator, cute.make_layout(o.shape, stride=o.stride))
    x, w = (cute.make_tensor(t.iterator, cute.append(cute.select(t.layout, mode=[0, 2, 1]), cute.make_layout(1)))
            for t in (q_laid, o_laid))
    keys, values = kv[None, None, 0, None, None], kv[None, None, 1, None, None]
    y = cute.make_tensor(keys.iterator, cute.select(keys.layout, mode=[1, 3, 2, 0]))
    z = cute.make_tensor(values.iterator, cute.select(values.layout, mode=[3, 1, 2, 0]))
    stats = cute.make_tensor(lse.iterator, cute.select(lse.layout, mode=[1, 0]))
    prefill_kernel(_mma(COLS, tcgen05.OperandMajorMode.K),
                   _mma(DIM, tcgen05.OperandMajorMode.MN, tcgen05.OperandSource.TMEM),
                   x, y, z, w, stats, starts, F32(0.125)).launch(grid=(4, 8, 2), block=(128, 1, 1))


def compile_prefill_thd():
    tokens = cute.sym_int(divisibility=ROWS)
    q, o = (cute.runtime.make_fake_tensor(BF16, (tokens, 8, DIM), (cute.sym_int64(divisibility=8),
                                                                    cute.sym_int64(divisibility=8), 1),
                                          assumed_align=16) for _ in range(2))
    kv = make_fake_compact_tensor(BF16, (1, tokens, 2, 8, DIM), stride_order=(4, 3, 2, 1, 0), assumed_align=16)
    lse = make_fake_compact_tensor(F32, (8, tokens), stride_order=(1, 0), assumed_align=16)
    starts = make_fake_compact_tensor(cutlass.Int32, (3,), assumed_align=16)
    return cute.compile(prefill_thd_host, q, kv, o, lse, starts)


def compile_prefill():
    tokens = cute.sym_int(divisibility=ROWS)
    q = make_fake_compact_tensor(BF16, (1, tokens, 8, DIM), stride_order=(3, 2, 1, 0), assumed_align=16)
    o = make_fake_compact_tensor(BF16, (1, tokens, 8, DIM), stride_order=(3, 2, 1, 0), assumed_align=16)
    kv = make_fake_compact_tensor(BF16, (1, tokens, 2, 8, DIM), stride_order=(4, 3, 2, 1, 0), assumed_align=16)
    lse = make_fake_compact_tensor(F32, (8, tokens), stride_order=(1, 0), assumed_align=16)
    starts = make_fake_compact_tensor(cutlass.Int32, (3,), assumed_align=16)
    return cute.compile(prefill_host, q, kv, o, lse, starts)
