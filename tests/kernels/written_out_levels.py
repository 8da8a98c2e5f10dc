"""Compile-only kernels whose written-out side, contracted loop and cross-warp slots only the data flow tells: one
TiledCopy that loads x and writes y, a SIMT tile GEMM over host-divided operands, a cross-warp buffer indexed by
`tidx >> 5`, and a Blackwell accumulator cut leaf by leaf into epilogue subtiles."""
# The names are untyped on purpose (the labels must come from the data flow), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.runtime import make_fake_compact_tensor

F16, F32 = cutlass.Float16, cutlass.Float32
ROWS, COLS, VEC, THREADS = 2, 512, 8, 64


@cute.kernel
def copy_out_kernel(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, cx: cute.Tensor, tiled: cute.TiledCopy):
    """y = 2 x through one TiledCopy's two sides, its value mode alone (`get(layout, mode=[0])`); z written element
    by element through the same copy's partition, where x's coordinates (the host's identity tensor) are in bounds."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    thr = tiled.get_slice(tidx)
    src = thr.partition_S(cute.local_tile(x, (ROWS, COLS), (bidx, 0)))
    dst = thr.partition_D(cute.local_tile(y, (ROWS, COLS), (bidx, 0)))
    elt = thr.partition_D(cute.local_tile(z, (ROWS, COLS), (bidx, 0)))
    src_v = cute.make_tensor(src.iterator, cute.get(src.layout, mode=[0]))
    dst_v = cute.make_tensor(dst.iterator, cute.get(dst.layout, mode=[0]))
    elt_v = cute.make_tensor(elt.iterator, cute.get(elt.layout, mode=[0]))
    at = thr.partition_S(cute.local_tile(cx, (ROWS, COLS), (bidx, 0)))
    vals = cute.make_rmem_tensor_like(src_v)
    cute.copy(tiled, src_v, vals)
    for i in cutlass.range_constexpr(VEC):
        if cute.elem_less(at[(i, 0), 0, 0], x.shape):
            elt_v[i, 0] = vals[i, 0] * F16(3.0)
    vals.store(vals.load() * F16(2.0))
    cute.copy(tiled, vals, dst_v)


@cute.jit
def copy_out_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F16, num_bits_per_copy=128)
    thr_layout = cute.make_layout((COLS // VEC, ROWS), stride=(ROWS * VEC, 1))
    tv = cute.logical_product(thr_layout, cute.make_layout((VEC, 1), stride=(1, VEC)))
    tiled = cute.make_tiled_copy(atom, tv, (ROWS, COLS))
    copy_out_kernel(x, y, z, cute.make_identity_tensor(x.shape), tiled).launch(grid=(4, 1, 1), block=(THREADS * ROWS, 1, 1))


def compile_copy_out():
    tensors = [make_fake_compact_tensor(F16, (4 * ROWS, COLS), stride_order=(1, 0), assumed_align=16)
               for _ in range(3)]
    return cute.compile(copy_out_host, *tensors)


TILE, DEPTH, PER = 32, 8, 4


@cute.kernel
def simt_gemm_kernel(ga: cute.Tensor, gb: cute.Tensor, gc: cute.Tensor, tv: cute.Layout):
    """C = A B on CUDA cores over tiles the host divided: the k loop picks a leaf of each operand's nested rest; each
    thread's column of C written element by element through its (thread, value) view."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, bidy, _ = cute.arch.block_idx()
    acc = cute.make_rmem_tensor((PER,), F32)
    acc.fill(0.0)
    for k in range(ga.shape[1][1]):
        ta = ga[None, (bidx, k)]
        tb = gb[None, (k, bidy)]
        for j in cutlass.range_constexpr(DEPTH):
            w = tb[j + DEPTH * tidx]
            for i in cutlass.range_constexpr(PER):
                acc[i] = acc[i] + ta[i + PER * j] * w
    mine = cute.composition(gc[None, (bidx, bidy)], tv)[tidx, None]
    for i in cutlass.range_constexpr(PER):
        mine[i] = acc[i]


@cute.jit
def simt_gemm_host(a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
    tiler, tv = cute.make_layout_tv(cute.make_layout((1, TILE)), cute.make_layout((PER, 1)))
    simt_gemm_kernel(cute.zipped_divide(a, (PER, DEPTH)), cute.zipped_divide(b, (DEPTH, TILE)),
                     cute.zipped_divide(c, tiler), tv).launch(grid=(4, 4, 1), block=(TILE, 1, 1))


def compile_simt_gemm():
    a = make_fake_compact_tensor(F32, (4 * PER, 64), stride_order=(1, 0))
    b = make_fake_compact_tensor(F32, (64, 4 * TILE), stride_order=(1, 0))
    c = make_fake_compact_tensor(F32, (4 * PER, 4 * TILE), stride_order=(1, 0))
    return cute.compile(simt_gemm_host, a, b, c)


@cute.kernel
def warp_slots_kernel(x: cute.Tensor):
    """A row sum across 4 warps: lane 0 of each leaves its shuffled sum at `buf[tidx >> 5]`, warp 0 adds them up."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    buf = utils.SmemAllocator().allocate_tensor(F32, 5)
    row = cute.local_tile(x, (1, 128), (bidx, 0))
    total = row[0, tidx]
    for offset in range(5):
        total = total + cute.arch.shuffle_sync_down(total, 1 << offset)
    if tidx & 31 == 0:
        buf[tidx >> 5] = total
    cute.arch.sync_threads()
    if tidx == 0:
        buf[4] = buf[0] + buf[1] + buf[2] + buf[3]
    cute.arch.sync_threads()
    row[0, tidx] = buf[4]


@cute.jit
def warp_slots_host(x: cute.Tensor):
    warp_slots_kernel(x).launch(grid=(8, 1, 1), block=(128, 1, 1))


def compile_warp_slots():
    return cute.compile(warp_slots_host, make_fake_compact_tensor(F32, (8, 128), stride_order=(1, 0)))


BF16 = cutlass.BFloat16
SHAPE = (128, 128, 64)


def _mma():
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, SHAPE[:2])


@cute.kernel
def subtiles_kernel(mma: cute.TiledMma):
    """A TMEM accumulator ((128, 128), 1, 1) cut into four 128 x 32 column subtiles by a tiler of one mode of two
    leaves, `((128, 32),)`."""
    smem = utils.SmemAllocator()
    lay_a = sm100.make_smem_layout_a(mma, SHAPE, BF16, 1)
    lay_b = sm100.make_smem_layout_b(mma, SHAPE, BF16, 1)
    s_a = smem.allocate_tensor(BF16, lay_a.outer, 1024, lay_a.inner)
    s_b = smem.allocate_tensor(BF16, lay_b.outer, 1024, lay_b.inner)
    acc = mma.make_fragment_C(mma.partition_shape_C(SHAPE[:2]))
    acc = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), acc.layout)
    lhs, rhs = mma.make_fragment_A(s_a)[None, None, None, 0], mma.make_fragment_B(s_b)[None, None, None, 0]
    for k in cutlass.range_constexpr(cute.size(lhs, mode=[2])):
        cute.gemm(mma, acc, lhs[None, None, k], rhs[None, None, k], acc)
    cut = cute.zipped_divide(acc, ((cute.size(acc, mode=[0, 0]), cute.size(acc, mode=[0, 1]) // 4),))
    t, _, _ = cute.arch.thread_idx()
    get = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                                 cut[None, 0])
    got = get.get_slice(t).partition_S(cut)
    vals = cute.make_rmem_tensor(get.get_slice(t).partition_D(cut[None, 0]).shape, F32)
    cute.copy(get, got[None, None, 0], vals)


@cute.jit
def subtiles_host():
    subtiles_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_subtiles():
    return cute.compile(subtiles_host)
