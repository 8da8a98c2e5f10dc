"""Two compile-only Blackwell kernels (sm_100a) of an attention backward whose one MMA no other MMA feeds or reads,
so no data flow tells its axes from a GEMM's; only the gradient names of its accumulator say them.

`finalize_kernel` finalizes dQ, accumulated in fp32 elsewhere: a TiledMma lays out the dQ tile (its TMEM fragment
and coordinate partitions) but issues nothing; the (batch, seqlen, heads, head dim) output `mdQ` and the flat
`(batch, heads, seqlen * head dim)` accumulator `mdQaccum` are sliced by the same block indices. Rows of the dQ
tile are queries, columns the head dim; the accumulator's first two modes are the output's batch and heads.

`dk_kernel` issues dK = dS^T Q alone (dS^T from SMEM in A, Q^T in B): its accumulator `tdKtdK` holds the keys'
rows and head-dim columns, and the product contracts the queries."""

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32 = cutlass.BFloat16, cutlass.Float32
TILE = (128, 64)  # one CTA's tile of a gradient: 128 rows (queries or keys), 64 head-dim columns
SHAPE = (128, 64, 64)  # dK's M (keys), N (head dim), K (queries)
BATCH, SEQLEN, HEADS = 2, 256, 4


def _mma():
    return sm100.make_trivial_tiled_mma(BF16, BF16, tcgen05.OperandMajorMode.K, tcgen05.OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, TILE, tcgen05.OperandSource.SMEM)


def _row_copy():
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), BF16, num_bits_per_copy=128)
    return cute.make_tiled_copy_tv(atom, cute.make_ordered_layout((16, 8), order=(1, 0)),
                                   cute.make_ordered_layout((1, 8), order=(1, 0)))


@cute.kernel
def finalize_kernel(tiled_mma: cute.TiledMma, mdQ: cute.Tensor, mdQaccum: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    m_block, head_idx, batch_idx = cute.arch.block_idx()
    mdQ_cur = mdQ[batch_idx, None, head_idx, None]
    mdQaccum_cur = mdQaccum[batch_idx, head_idx, None]
    gdQaccum = cute.local_tile(mdQaccum_cur, (TILE[0] * TILE[1],), (m_block,))
    gdQ = cute.local_tile(mdQ_cur, TILE, (m_block, 0))
    thr_mma = tiled_mma.get_slice(0)
    tdQtAcc = thr_mma.make_fragment_C(thr_mma.partition_shape_C(TILE))
    tdQtdQ = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), tdQtAcc.layout)
    tdQgdQ = thr_mma.partition_C(gdQ)
    cdQ = cute.make_identity_tensor(TILE)
    tdQcdQ = thr_mma.partition_C(cdQ)
    gmem_copy = _row_copy().get_slice(tidx)
    tQgdQ = gmem_copy.partition_D(gdQ)
    tQrdQ = cute.make_rmem_tensor(tQgdQ.shape, BF16)
    tQrdQ.fill(gdQaccum[tidx].to(BF16))
    cute.copy(gmem_copy, tQrdQ, tQgdQ)


@cute.jit
def finalize_host(mdQ: cute.Tensor, mdQaccum: cute.Tensor):
    finalize_kernel(_mma(), mdQ, mdQaccum).launch(grid=(SEQLEN // TILE[0], HEADS, BATCH), block=(128, 1, 1))


def compile_finalize():
    dq = make_fake_compact_tensor(BF16, (BATCH, SEQLEN, HEADS, TILE[1]), stride_order=(3, 2, 1, 0),
                                  assumed_align=16)
    accum = make_fake_compact_tensor(F32, (BATCH, HEADS, SEQLEN * TILE[1]), stride_order=(2, 1, 0),
                                     assumed_align=16)
    return cute.compile(finalize_host, dq, accum)


@cute.kernel
def dk_kernel(tiled_mma: cute.TiledMma, mdK: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    n_block, head_idx, batch_idx = cute.arch.block_idx()
    smem = utils.SmemAllocator()
    sdSt_layout = sm100.make_smem_layout_a(tiled_mma, SHAPE, BF16, 1)
    sdSt = smem.allocate_tensor(BF16, sdSt_layout.outer, 1024, sdSt_layout.inner)
    sQt_layout = sm100.make_smem_layout_b(tiled_mma, SHAPE, BF16, 1)
    sQt = smem.allocate_tensor(BF16, sQt_layout.outer, 1024, sQt_layout.inner)
    thr_mma = tiled_mma.get_slice(0)
    tdKtAcc = thr_mma.make_fragment_C(thr_mma.partition_shape_C(SHAPE[:2]))
    tdKtdK = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), tdKtAcc.layout)
    tdKrdSt, tdKrQt = thr_mma.make_fragment_A(sdSt), thr_mma.make_fragment_B(sQt)
    for k in cutlass.range_constexpr(cute.size(tdKrdSt, mode=[2])):
        cute.gemm(tiled_mma, tdKtdK, tdKrdSt[None, None, k, 0], tdKrQt[None, None, k, 0], tdKtdK)
    gdK = cute.local_tile(mdK[batch_idx, None, head_idx, None], SHAPE[:2], (n_block, 0))
    tdKgdK = thr_mma.partition_C(gdK)
    gmem_copy = _row_copy().get_slice(tidx)
    tKgdK = gmem_copy.partition_D(gdK)
    tKrdK = cute.make_rmem_tensor(tKgdK.shape, BF16)
    tKrdK.fill(0.0)
    cute.copy(gmem_copy, tKrdK, tKgdK)


@cute.jit
def dk_host(mdK: cute.Tensor):
    dk_kernel(_mma(), mdK).launch(grid=(SEQLEN // TILE[0], HEADS, BATCH), block=(128, 1, 1))


def compile_dk():
    return cute.compile(dk_host, make_fake_compact_tensor(BF16, (BATCH, SEQLEN, HEADS, TILE[1]),
                                                          stride_order=(3, 2, 1, 0), assumed_align=16))
