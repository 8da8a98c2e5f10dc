"""A compile-only chunked scan (sm_100a): three tcgen05 MMAs chained through TMEM and SMEM, as a state-space
model's chunk step runs them.

Per chunk of 128 tokens, with C and B over a 128-wide state and x over a 64-wide head:

    S = C B^T     (M = query tokens, N = key tokens, K = state dim)
    P = S * decay SIMT on the scores read out of TMEM (tcgen05.ld), written back to TMEM (tcgen05.st) as Y's A
    Y = P x       (M = query tokens, N = head dim, K = key tokens: P read from TMEM)
    H = B^T x     (M = state dim, N = head dim, K = key tokens: the chunk's state, read out by tcgen05.ld)

The decay reads a cumulative sum over the chunk's tokens through two broadcast views, along the scores' rows and
along their columns, and the step sizes along their columns. x comes in as (head dim, tokens, chunks, heads,
batch), its tokens one sequence cut into chunks. The registers tcgen05.st writes P from are made from one stage
of its TMEM partition's shape (`make_rmem_tensor(slice_(thr.partition_S(tp).shape, ...))`), after H's tcgen05.ld
partition whose rests have the same extents: their labels are P's, not H's. A per-key-token gate is laid over
the scores through a nested rows mode that broadcasts whole. C and B come in as (tokens, state, chunks, heads,
batch) of run-time extents, one chunk of each picked by one run-time index.
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

CHUNK, STATE, HEAD = 128, 128, 64
F16, F32 = cutlass.Float16, cutlass.Float32
SCORES, OUT, CARRY = (CHUNK, CHUNK, STATE), (CHUNK, HEAD, CHUNK), (STATE, HEAD, CHUNK)  # (M, N, K) of S, Y, H


def _mma(a_major, b_major, mn, source=tcgen05.OperandSource.SMEM):
    return sm100.make_trivial_tiled_mma(F16, F16, a_major, b_major, F32, tcgen05.CtaGroup.ONE, mn, source)


@cute.kernel
def scan_kernel(m1: cute.TiledMma, m2: cute.TiledMma, m3: cute.TiledMma, mx: cute.Tensor, mc: cute.Tensor,
                mb: cute.Tensor, chunk: cutlass.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    lc, lb = sm100.make_smem_layout_a(m1, SCORES, F16, 1), sm100.make_smem_layout_b(m1, SCORES, F16, 1)
    lx, lbt = sm100.make_smem_layout_b(m2, OUT, F16, 1), sm100.make_smem_layout_a(m3, CARRY, F16, 1)
    lp = sm100.make_smem_layout_a(m2, OUT, F16, 2)
    sc = smem.allocate_tensor(F16, lc.outer, 1024, lc.inner)
    sb = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    sx = smem.allocate_tensor(F16, lx.outer, 1024, lx.inner)
    sbt = smem.allocate_tensor(F16, lbt.outer, 1024, lbt.inner)

    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    acc_s = cute.make_tensor(tmem, m1.make_fragment_C(m1.partition_shape_C(SCORES[:2])).layout)
    acc_y = cute.make_tensor(tmem + CHUNK, m2.make_fragment_C(m2.partition_shape_C(OUT[:2])).layout)
    acc_h = cute.make_tensor(tmem + CHUNK + HEAD, m3.make_fragment_C(m3.partition_shape_C(CARRY[:2])).layout)
    tp = m2.make_fragment_A(lp.outer)
    tp = cute.make_tensor(cute.recast_ptr(tmem + 2 * CHUNK, dtype=F16), tp.layout)

    fc, fb = m1.make_fragment_A(sc), m1.make_fragment_B(sb)
    fx, fbt = m2.make_fragment_B(sx), m3.make_fragment_A(sbt)
    fx3 = m3.make_fragment_B(sx)
    # x's (head dim, tokens) tiles of every chunk, head and batch, as Y's B operand
    x_tiles = m2.get_slice(0).partition_B(cute.local_tile(mx, OUT[1:], (0, 0, None, None, None)))
    # C's and B's (tokens, state) tiles of one chunk, picked by one run-time chunk index: C's chunk is of queries,
    # B's of key tokens
    c_tiles = m1.get_slice(0).partition_A(cute.local_tile(mc, (CHUNK, STATE), (0, 0, None, None, None)))
    b_tiles = m1.get_slice(0).partition_B(cute.local_tile(mb, (CHUNK, STATE), (0, 0, None, None, None)))
    c_chunk = c_tiles[None, None, None, chunk, 0, 0]
    b_chunk = b_tiles[None, None, None, chunk, 0, 0]
    for k in cutlass.range_constexpr(cute.size(fc, mode=[2])):
        cute.gemm(m1, acc_s, fc[None, None, k, 0], fb[None, None, k, 0], acc_s)
    for k in cutlass.range_constexpr(cute.size(fx, mode=[2])):
        cute.gemm(m2, acc_y, tp[None, None, k, 0], fx[None, None, k, 0], acc_y)
        cute.gemm(m3, acc_h, fbt[None, None, k, 0], fx3[None, None, k, 0], acc_h)

    # the chunk's state read out of TMEM, 8 columns at a time
    h_tile = acc_h[(None, None), 0, 0]
    h_load = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(8)), F32),
                                    h_tile)
    h_thr = h_load.get_slice(tidx % 128)
    h_regs = cute.make_rmem_tensor(h_thr.partition_D(cute.make_identity_tensor(CARRY[:2])).shape, F32)
    cute.copy(h_load, h_thr.partition_S(h_tile), h_regs)

    # the scores read out 32 columns at a time, decayed and written back to TMEM as Y's A operand
    s_tile = acc_s[(None, None), 0, 0]
    s_load = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                                    s_tile)
    s_thr = s_load.get_slice(tidx % 128)
    s_part = s_thr.partition_S(s_tile)
    s_regs = cute.make_rmem_tensor(s_thr.partition_D(cute.make_identity_tensor(SCORES[:2])).shape, F32)
    cute.copy(s_load, s_part, s_regs)
    # the decay: the cumulative sum over the chunk's tokens laid along the scores' rows and along their columns
    # (exp(cum[q] - cum[k])), the step sizes along their columns, each read in the tcgen05.ld's register layout
    cum = smem.allocate_tensor(F32, cute.make_layout((CHUNK,)), 16)
    steps = smem.allocate_tensor(F32, cute.make_layout((CHUNK,)), 16)
    cum_rows = cute.make_tensor(cum.iterator, cute.make_layout(SCORES[:2], stride=(1, 0)))
    cum_cols = cute.make_tensor(cum.iterator, cute.make_layout(SCORES[:2], stride=(0, 1)))
    steps_cols = cute.make_tensor(steps.iterator, cute.make_layout(SCORES[:2], stride=(0, 1)))
    # a per-key-token gate laid along the scores' columns and broadcast over their rows, the rows mode nested
    # (64, 2), both of its leaves broadcasting
    gate = smem.allocate_tensor(F32, cute.make_layout((CHUNK,)), 16)
    gate_cols = cute.make_tensor(gate.iterator, cute.make_layout(((64, 2), CHUNK), stride=((0, 0), 1)))
    gate_part = s_thr.partition_D(gate_cols)
    rows_part = s_thr.partition_D(cum_rows)
    cols_part = s_thr.partition_D(cum_cols)
    steps_part = s_thr.partition_D(steps_cols)
    p_save = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(8)), F16),
                                    tp)
    p_thr = p_save.get_slice(tidx % 128)
    # one stage's registers: the shape of P's partition less its MMA_M and stage modes
    p_regs = cute.make_rmem_tensor(cute.slice_(p_thr.partition_S(tp).shape, (None, None, 0, None, 0)), F16)
    p_slots = p_thr.partition_D(tp)
    for i in cutlass.range(cute.size(p_regs), unroll_full=True):
        p_regs[i] = (s_regs[i] * 0.5).to(F16)
    cute.copy(p_save, p_regs, p_slots[None, None, 0, None, 0])


@cute.jit
def scan_host(x: cute.Tensor, c: cute.Tensor, b: cute.Tensor, chunk: cutlass.Int32):
    k_major, mn_major = OperandMajorMode.K, OperandMajorMode.MN
    scan_kernel(_mma(k_major, k_major, SCORES[:2]), _mma(k_major, mn_major, OUT[:2], tcgen05.OperandSource.TMEM),
                _mma(k_major, mn_major, CARRY[:2]), x, c, b, chunk).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_scan():
    from cutlass.cute.runtime import make_fake_compact_tensor

    # x (head dim, tokens, chunks, heads, batch) over a (batch, sequence, heads, head dim) buffer: the sequence of
    # 4 chunks of 128 tokens seen as (tokens, chunks)
    x = make_fake_compact_tensor(F16, (HEAD, CHUNK, 4, 2, 2), stride_order=(0, 2, 3, 1, 4), assumed_align=16)
    # C and B (tokens, state, chunks, heads, batch) over (batch, sequence, heads, state) buffers of run-time
    # extents: the chunks' stride is 128 tokens times the tokens' run-time stride
    sym = cute.sym_int
    c, b = (make_fake_compact_tensor(F16, (CHUNK, STATE, sym(), sym(), sym()), stride_order=(2, 0, 3, 1, 4),
                                     assumed_align=16) for _ in range(2))
    return cute.compile(scan_host, x, c, b, cutlass.Int32(0))
