"""A compile-only Blackwell attention backward fragment whose operand buffers are read again, re-laid, by another
product, with names that say nothing about their modes (sm_100a).

S^T = X Y^T (keys on the rows, 16 query rows on the columns, over the head dim); O^T = Z^T P reads P from the
scores (tcgen05.ld, converted, written through a view of its B buffer in the scores' shape), so the two chain as
attention. G^T = X^T E reads X's bytes again as an MN-major A (`xt`, made over `x`'s iterator in the third
product's A layout: M the head dim, K the keys); E is a buffer nothing writes that the trace sees. `compile_drained`
also drains the first and third accumulators through one register tensor, with one tcgen05.ld copy.

`compile_tmem_a` reads P^T from TMEM instead: dV = P^T dO with P^T laid at the TMEM base in the SMEM A layout of
the second product (`make_tensor(tmem_base, layout.outer)`, as an SMEM key buffer of that very layout is laid), its
fragment moved to S^T's columns, where the scores' warps store P^T (tcgen05.ld, exp2, tcgen05.st); two 32-column
chunks of the scores are read through views of the accumulator at two offsets, and a 64-column view of it is made
once.
"""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

KEYS, ROWS, DIM = 128, 16, 128
F16, F32 = cutlass.Float16, cutlass.Float32
FIRST, SECOND = (KEYS, ROWS, DIM), (DIM, ROWS, KEYS)  # (M, N, K) of S^T = X Y^T, and of O^T = Z^T P and G^T = X^T E


def _mma(a_major, b_major, mn):
    return sm100.make_trivial_tiled_mma(F16, F16, a_major, b_major, F32, tcgen05.CtaGroup.ONE, mn)


@cute.jit
def _issue(mma: cute.TiledMma, acc: cute.Tensor, a: cute.Tensor, b: cute.Tensor):
    for k in cutlass.range_constexpr(cute.size(a, mode=[2])):
        cute.gemm(mma, acc, a[None, None, k, 0], b[None, None, k, 0], acc)


@cute.kernel
def relaid_kernel(one: cute.TiledMma, two: cute.TiledMma, three: cute.TiledMma, drained: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    la, lb = sm100.make_smem_layout_a(one, FIRST, F16, 1), sm100.make_smem_layout_b(one, FIRST, F16, 1)
    lc, ld = sm100.make_smem_layout_a(two, SECOND, F16, 1), sm100.make_smem_layout_b(two, SECOND, F16, 1)
    x = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    y = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    z = smem.allocate_tensor(F16, lc.outer, 1024, lc.inner)
    b2 = smem.allocate_tensor(F16, ld.outer, 1024, ld.inner)
    e = smem.allocate_tensor(F16, ld.outer, 1024, ld.inner)
    xt = cute.make_tensor(cute.recast_ptr(x.iterator, lc.inner, dtype=F16), lc.outer)  # x's bytes, re-laid

    s1, s2, s3 = one.get_slice(0), two.get_slice(0), three.get_slice(0)
    acc_a = s1.make_fragment_C(one.partition_shape_C(FIRST[:2]))
    acc_b = s2.make_fragment_C(two.partition_shape_C(SECOND[:2]))
    acc_c = s3.make_fragment_C(three.partition_shape_C(SECOND[:2]))
    through = cute.composition(b2, cute.make_ordered_layout(acc_a.shape, order=((1, 0), 2, 3)))
    _issue(one, acc_a, s1.make_fragment_A(x), s1.make_fragment_B(y))
    _issue(two, acc_b, s2.make_fragment_A(z), s2.make_fragment_B(b2))
    fxt, fe = s3.make_fragment_A(xt), s3.make_fragment_B(e)
    _issue(three, acc_c, fxt, fe)

    reader = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(ROWS)), F32),
                                    acc_a[(None, None), 0, 0])
    mine = reader.get_slice(tidx % 128)
    c1 = mine.partition_S(acc_a)
    c2 = mine.partition_D(through)
    r1 = cute.make_rmem_tensor(c2.shape, F32)
    cute.copy(reader, c1, r1)
    r2 = cute.make_rmem_tensor(c2.shape, F16)
    r2.store(cute.math.exp2(r1.load(), fastmath=True).to(F16))
    cute.autovec_copy(r2, c2)
    if cutlass.const_expr(drained):  # one register tensor drains S^T, then G^T
        cute.copy(reader, mine.partition_S(acc_c), r1)


@cute.kernel
def tmem_a_kernel(one: cute.TiledMma, two: cute.TiledMma):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    shape = (KEYS, DIM, DIM)  # (M, N, K) of S = X Y^T, and of O = P Z (P from TMEM)
    la, lb = sm100.make_smem_layout_a(one, shape, F16, 1), sm100.make_smem_layout_b(one, shape, F16, 1)
    lp, lo = sm100.make_smem_layout_a(two, shape, F16, 1), sm100.make_smem_layout_b(two, shape, F16, 1)
    x = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    y = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    o = smem.allocate_tensor(F16, lo.outer, 1024, lo.inner)
    s1, s2 = one.get_slice(0), two.get_slice(0)
    acc_s = s1.make_fragment_C(one.partition_shape_C(shape[:2]))
    acc_s = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), acc_s.layout)
    acc_v = s2.make_fragment_C(two.partition_shape_C(shape[:2]))
    acc_v = cute.make_tensor(cute.make_ptr(F32, 2 * DIM, cute.AddressSpace.tmem), acc_v.layout)
    one_stage = cute.slice_(lp.outer, (None, None, None, 0))
    tp = cute.make_tensor(cute.make_ptr(F16, 0, cute.AddressSpace.tmem), one_stage)  # P^T's operand, at the base
    fp0 = s2.make_fragment_A(tp)
    fp = cute.make_tensor(fp0.iterator, fp0.layout)  # at S^T's columns
    _issue(one, acc_s, s1.make_fragment_A(x), s1.make_fragment_B(y))

    get = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(16)), F32),
                                 acc_s[(None, None), 0, 0])
    lane_get = get.get_slice(tidx % 128)
    scores = cute.make_rmem_tensor(lane_get.partition_D(cute.make_identity_tensor(shape[:2])).shape, F32)
    cute.copy(get, lane_get.partition_S(acc_s[(None, None), 0, 0]), scores)
    # the scores' first two 32-column chunks, as warps that drain them in turn see them (a divide of the
    # accumulator), and one view of 64 columns alone (a region, as P's over S's columns: no divide)
    chunk = cute.composition(acc_s, (cute.make_layout((KEYS, 32)), 1, 1)).layout
    first = cute.make_tensor(acc_s.iterator, chunk)
    second = cute.make_tensor(acc_s.iterator + 32, chunk)
    wide = cute.composition(acc_s, (cute.make_layout((KEYS, 64)), 1, 1)).layout
    region = cute.make_tensor(acc_s.iterator + 64, wide)
    narrow = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                                    first[(None, None), 0, 0])
    lane_narrow = narrow.get_slice(tidx % 128)
    halves = cute.make_rmem_tensor(lane_narrow.partition_D(cute.make_identity_tensor((KEYS, 32))).shape, F32)
    cute.copy(narrow, lane_narrow.partition_S(second[(None, None), 0, 0]), halves)
    from_region = lane_narrow.partition_S(region[(None, None), 0, 0])
    rest = cute.make_rmem_tensor(lane_narrow.partition_D(cute.make_identity_tensor((KEYS, 64))).shape, F32)
    cute.copy(narrow, from_region, rest)
    put = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.St32x32bOp(tcgen05.copy.Repetition(8)), F16), fp)
    lane_put = put.get_slice(tidx % 128)
    probs = cute.make_rmem_tensor(scores.shape, F16)
    probs.store(cute.math.exp2(scores.load(), fastmath=True).to(F16))
    cute.copy(put, cute.make_tensor(probs.iterator, cute.make_layout(lane_put.partition_S(fp).shape)),
              lane_put.partition_D(fp))
    fo = s2.make_fragment_B(o)
    for k in cutlass.range_constexpr(cute.size(fp, mode=[2])):
        cute.gemm(two, acc_v, fp[None, None, k], fo[None, None, k, 0], acc_v)


@cute.jit
def tmem_a_host():
    k_major = OperandMajorMode.K
    one = _mma(k_major, k_major, (KEYS, DIM))
    two = sm100.make_trivial_tiled_mma(F16, F16, k_major, k_major, F32, tcgen05.CtaGroup.ONE, (KEYS, DIM),
                                       tcgen05.OperandSource.TMEM)
    tmem_a_kernel(one, two).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def relaid_host(drained: cutlass.Constexpr):
    k_major, mn_major = OperandMajorMode.K, OperandMajorMode.MN
    one = _mma(k_major, k_major, FIRST[:2])
    two, three = _mma(mn_major, mn_major, SECOND[:2]), _mma(mn_major, mn_major, SECOND[:2])
    relaid_kernel(one, two, three, drained).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_relaid():
    return cute.compile(relaid_host, False)


def compile_drained():
    return cute.compile(relaid_host, True)


def compile_tmem_a():
    return cute.compile(tmem_a_host)
