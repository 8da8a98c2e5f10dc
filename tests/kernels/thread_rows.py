"""A compile-only Blackwell GEMM (sm_100a) whose epilogue reaches the output only through the thread index: a 32x32b
tcgen05.ld gives thread t the accumulator's row t (lane t) and 32 of its columns, the values are converted into
other registers, viewed in the r2s partition's shape and copied by a tiled copy of one thread per row (threads
(128, 1), values (1, 8)) into an SMEM tile, which is copied out whole. No MMA partition cuts the SMEM tile or the
output: the rows are the accumulator's M because thread t writes row t, the columns its N because the load's atom
runs along N. The output is also cut by a divide into two column halves and a tile of those (`(128, 1)` rows: one
axis variable), whose rows stay the output's: a subtile of the output tile, along the accumulator's axes (EPI)."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32 = cutlass.BFloat16, cutlass.Float32
SHAPE = (128, 64, 64)  # M, N, K of one CTA's tile
CHUNK = (128, 32)  # the accumulator's columns one load reads, staged and written out


def _mma():
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, SHAPE[:2], tcgen05.OperandSource.SMEM)


@cute.kernel
def thread_rows_kernel(mma: cute.TiledMma, Y: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    lay_x = sm100.make_smem_layout_a(mma, SHAPE, BF16, 1)
    s_x = smem.allocate_tensor(BF16, lay_x.outer, 1024, lay_x.inner)
    lay_w = sm100.make_smem_layout_b(mma, SHAPE, BF16, 1)
    s_w = smem.allocate_tensor(BF16, lay_w.outer, 1024, lay_w.inner)
    s_out = smem.allocate_tensor(BF16, cute.make_layout(CHUNK, stride=(CHUNK[1], 1)), 128)
    sums = mma.make_fragment_C(mma.partition_shape_C(SHAPE[:2]))
    sums = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), sums.layout)
    lhs, rhs = mma.make_fragment_A(s_x), mma.make_fragment_B(s_w)
    for k in cutlass.range_constexpr(cute.size(lhs, mode=[2])):
        cute.gemm(mma, sums, lhs[None, None, k, 0], rhs[None, None, k, 0], sums)
    get = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.copy.Ld32x32bOp(tcgen05.copy.Repetition(32)), F32),
                                 sums[(None, None), 0, 0])
    lane = get.get_slice(t % 128)
    out_of = lane.partition_S(sums[(None, None), 0, 0])[None, None, 0]  # the first 32 columns
    values = cute.make_rmem_tensor(lane.partition_D(cute.make_identity_tensor(SHAPE[:2]))[None, None, 0].shape, F32)
    cute.copy(get, out_of, values)
    halves = cute.make_rmem_tensor(values.shape, BF16)
    halves.store(values.load().to(BF16))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), BF16, num_bits_per_copy=128)
    r2s = cute.make_tiled_copy_tv(atom, cute.make_ordered_layout((128, 1), order=(1, 0)),
                                  cute.make_ordered_layout((1, 8), order=(1, 0)))
    into = r2s.get_slice(t).partition_D(s_out)
    laid = cute.make_tensor(halves.iterator, into.shape)
    cute.copy(r2s, laid, into)
    cute.autovec_copy(s_out, Y)
    split = cute.logical_divide(Y, (CHUNK[0], CHUNK[1] // 2))
    half = cute.local_tile(split, (CHUNK[0], CHUNK[1] // 2), (0, None))
    cute.autovec_copy(half[None, None, 0], half[None, None, 1])


@cute.jit
def thread_rows_host(Y: cute.Tensor):
    thread_rows_kernel(_mma(), Y).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_thread_rows():
    return cute.compile(thread_rows_host, make_fake_compact_tensor(BF16, CHUNK, stride_order=(1, 0),
                                                                   assumed_align=16))
