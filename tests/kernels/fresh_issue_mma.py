"""A compile-only Blackwell attention forward (sm_100a) whose products are issued through TiledMmas made afresh in
each gemm helper, as flashinfer's role-split prefill does (its MMA role builds a local `make_trivial_tiled_mma` per
issue so the `.set(ACCUMULATE)` chain dies in the helper's frame): the TiledMmas that partitioned Q, K, V, S, P and
O issue nothing themselves. Two query tiles per CTA: S0 / S1 and O0 / O1 in TMEM, each P written over its S's
columns as O = P V's A operand; the issues interleave across two KV blocks (QK0, QK1, PV0, QK0, PV1, QK1, PV0, PV1),
so a later issue of S = Q K^T comes after an issue of O = P V that read an earlier one. O's coordinates, partitioned
as its accumulator after the issues (as an epilogue partitions its staging buffer), take O's rows: P0 and P1 are
views of one P fragment, so O0 and O1 are one product's row tiles, not products with rows of their own."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05

BF16, F32 = cutlass.BFloat16, cutlass.Float32
ROWS, COLS, DIM = 128, 128, 64  # one query tile's rows, a KV block's keys, the head dim


def _scores_mma():
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, (ROWS, COLS))


def _output_mma():
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.MN, F32,
                                        tcgen05.CtaGroup.ONE, (ROWS, DIM), tcgen05.OperandSource.TMEM)


@cute.jit
def _issue_scores(acc: cute.Tensor, a: cute.Tensor, b: cute.Tensor):
    fresh = _scores_mma()
    for k in cutlass.range_constexpr(cute.size(a, mode=[2])):
        fresh.set(tcgen05.Field.ACCUMULATE, k != 0)
        cute.gemm(fresh, acc, a[None, None, k], b[None, None, k], acc)


@cute.jit
def _issue_output(acc: cute.Tensor, a: cute.Tensor, b: cute.Tensor):
    fresh = _output_mma()
    for k in cutlass.range_constexpr(cute.size(a, mode=[2])):
        fresh.set(tcgen05.Field.ACCUMULATE, True)
        cute.gemm(fresh, acc, a[None, None, k], b[None, None, k], acc)


@cute.jit
def _convert(t: cute.Int32, acc: cute.Tensor, coords: cute.Tensor, operand: cute.Tensor):
    """P = S's values in bf16, written over S's columns for O = P V."""
    get = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32), acc)
    lane_get = get.get_slice(t % 128)
    values = cute.make_rmem_tensor(lane_get.partition_D(coords).shape, F32)
    cute.copy(get, lane_get.partition_S(acc), values)
    put = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(8)), BF16),
                                 operand)
    lane_put = put.get_slice(t % 128)
    into = lane_put.partition_D(operand)
    halves = cute.make_rmem_tensor(values.shape, BF16)
    halves.store(values.load().to(BF16))
    cute.copy(put, cute.make_tensor(halves.iterator, cute.make_layout(lane_put.partition_S(operand).shape)), into)


@cute.kernel
def fresh_kernel(qk: cute.TiledMma, pv: cute.TiledMma):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    lay_q = sm100.make_smem_layout_a(qk, (ROWS, COLS, DIM), BF16, 2)
    lay_k = sm100.make_smem_layout_b(qk, (ROWS, COLS, DIM), BF16, 1)
    lay_v = sm100.make_smem_layout_b(pv, (ROWS, DIM, COLS), BF16, 1)
    lay_p = sm100.make_smem_layout_a(pv, (ROWS, DIM, COLS), BF16, 1)
    s_q = smem.allocate_tensor(BF16, lay_q.outer, 1024, lay_q.inner)
    s_k = smem.allocate_tensor(BF16, lay_k.outer, 1024, lay_k.inner)
    s_v = smem.allocate_tensor(BF16, lay_v.outer, 1024, lay_v.inner)
    qs, ks, vs = qk.make_fragment_A(s_q), qk.make_fragment_B(s_k), pv.make_fragment_B(s_v)
    scores = qk.make_fragment_C(qk.partition_shape_C((ROWS, COLS)))
    scores = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), scores.layout)
    first, second = (cute.make_tensor(scores.iterator + c, scores.layout) for c in (0, COLS))
    coords = qk.get_slice(0).partition_C(cute.make_identity_tensor((ROWS, COLS)))
    sums = pv.make_fragment_C(pv.partition_shape_C((ROWS, DIM)))
    sums = cute.make_tensor(cute.make_ptr(F32, 2 * COLS, cute.AddressSpace.tmem), sums.layout)
    left, right = (cute.make_tensor(sums.iterator + c, sums.layout) for c in (0, DIM))
    laid = pv.make_fragment_A(cute.make_tensor(cute.recast_ptr(scores.iterator, dtype=BF16), lay_p.outer))
    laid = laid[None, None, None, 0]
    p_first, p_second = (cute.make_tensor(laid.iterator + 2 * c, laid.layout) for c in (0, COLS))
    _issue_scores(first, qs[None, None, None, 0], ks[None, None, None, 0])
    _issue_scores(second, qs[None, None, None, 1], ks[None, None, None, 0])
    _convert(t, first, coords, p_first)
    _issue_output(left, p_first, vs[None, None, None, 0])
    _issue_scores(first, qs[None, None, None, 0], ks[None, None, None, 0])
    _convert(t, second, coords, p_second)
    _issue_output(right, p_second, vs[None, None, None, 0])
    _issue_scores(second, qs[None, None, None, 1], ks[None, None, None, 0])
    _convert(t, first, coords, p_first)
    _issue_output(left, p_first, vs[None, None, None, 0])
    _convert(t, second, coords, p_second)
    _issue_output(right, p_second, vs[None, None, None, 0])
    out_coords = pv.get_slice(0).partition_C(cute.make_identity_tensor((ROWS, DIM)))
    cute.printf("{}", out_coords[0])


@cute.jit
def fresh_host():
    fresh_kernel(_scores_mma(), _output_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_fresh():
    return cute.compile(fresh_host)
