"""Compile-only mma.sync kernels (sm_80) of a sparse attention backward's gradient GEMMs launched apart, one query
token per CTA, as DeepSeek's sparse MLA backward computes them: the token's scores gradient dS (heads x its top-k
selected keys) is an input, and one MMA per kernel reads it.

- `compile_token_dk`: dK rows += dS^T Q per token: A is dS^T (selected keys x heads), B the token's Q (head dim x
  heads), the product contracts the heads and its L mode is the token (batch, sequence grouped, the host permuting
  every input to (_, heads, tokens) by `select`, the GEMM's m-k-l order). The top-k index table is tiled by an
  epilogue tile given as a layout (`make_layout(32)`) at the block's run-time index.
- `compile_token_dq`: dQ = dS K per token: A is dS (heads x selected keys), B the gathered keys (head dim x keys),
  the heads the rows and the keys contracted.

Nothing but names says these are attention pieces: the data flow is a batched GEMM's."""
# The names here follow the kernels of the class (GEMM letters on attention tensors), not the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_tensor

BF16, F32, I32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
HEADS, TOPK, DIM, TILE = 16, 64, 32, 32  # a token's heads, its selected keys, the head dim, the key tile


def _mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(BF16, F32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((2, 2, 1)))


@cute.kernel
def token_dk_kernel(mma: cute.TiledMma, mdS_mkl: cute.Tensor, mQ_nkl: cute.Tensor, mI_ml: cute.Tensor,
                    mdK_mnl: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    m_tile, _, token = cute.arch.block_idx()
    gdS = cute.local_tile(mdS_mkl, (TILE, HEADS), (None, None, None))
    gQ = cute.local_tile(mQ_nkl, (DIM, HEADS), (None, None, None))
    gdK = cute.local_tile(mdK_mnl, (TILE, DIM), (None, None, None))
    gI = cute.local_tile(mI_ml, (cute.make_layout(TILE),), (m_tile, None))
    thr = mma.get_slice(tidx)
    tCgdS = thr.partition_A(gdS[None, None, m_tile, 0, token])
    tCgQ = thr.partition_B(gQ[None, None, 0, 0, token])
    tCgdK = thr.partition_C(gdK[None, None, m_tile, 0, token])
    tCrdS = thr.make_fragment_A(tCgdS)
    tCrQ = thr.make_fragment_B(tCgQ)
    tCrdK = thr.make_fragment_C(tCgdK)
    tCrdS.store(tCgdS.load())
    tCrQ.store(tCgQ.load())
    tCrdK.fill(0.0)
    cute.gemm(mma, tCrdK, tCrdS, tCrQ, tCrdK)
    if gI[tidx % TILE, token] >= 0:
        tCgdK.store(tCrdK.load())


@cute.jit
def token_dk_host(dS: cute.Tensor, Q: cute.Tensor, I: cute.Tensor, dK: cute.Tensor):
    dS = cute.group_modes(dS, 0, 2)
    Q = cute.group_modes(Q, 0, 2)
    I = cute.group_modes(I, 0, 2)
    dK = cute.group_modes(dK, 0, 2)
    dS_mkl = cute.make_tensor(dS.iterator, cute.select(dS.layout, [2, 1, 0]))
    Q_nkl = cute.make_tensor(Q.iterator, cute.select(Q.layout, [2, 1, 0]))
    I_ml = cute.make_tensor(I.iterator, cute.select(I.layout, [1, 0]))
    dK_mnl = cute.make_tensor(dK.iterator, cute.select(dK.layout, [1, 2, 0]))
    token_dk_kernel(_mma(), dS_mkl, Q_nkl, I_ml, dK_mnl).launch(grid=(TOPK // TILE, 1, 1), block=(128, 1, 1))


def _tokens(dtype, *inner):
    batch, seqlen = cute.sym_int(), cute.sym_int()
    return make_fake_compact_tensor(dtype, (batch, seqlen, *inner), stride_order=tuple(range(len(inner) + 1, -1, -1)),
                                    assumed_align=16)


def compile_token_dk():
    return cute.compile(token_dk_host, _tokens(BF16, HEADS, TOPK), _tokens(BF16, HEADS, DIM), _tokens(I32, TOPK),
                        _tokens(F32, TOPK, DIM))


def _run_time_strides(dtype, *inner):
    """A (batch, sequence, ...) tensor whose every stride but the last is a run-time value, as a framework's tensor
    handed over without its strides fixed: no stride tells one mode from another."""
    shape = (cute.sym_int(), cute.sym_int(), *inner)
    strides = tuple(cute.sym_int64(divisibility=8) for _ in shape[1:]) + (1,)
    return make_fake_tensor(dtype, shape, stride=strides, assumed_align=16)


def compile_token_dk_run_time_strides():
    return cute.compile(token_dk_host, _run_time_strides(BF16, HEADS, TOPK), _run_time_strides(BF16, HEADS, DIM),
                        _run_time_strides(I32, TOPK), _run_time_strides(F32, TOPK, DIM))


@cute.kernel
def token_dq_kernel(mma: cute.TiledMma, mdS_mkl: cute.Tensor, mK_nkl: cute.Tensor, mdQ_mnl: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    _, _, token = cute.arch.block_idx()
    gdS = cute.local_tile(mdS_mkl, (HEADS, TILE), (None, None, None))
    gK = cute.local_tile(mK_nkl, (DIM, TILE), (None, None, None))
    gdQ = cute.local_tile(mdQ_mnl, (HEADS, DIM), (None, None, None))
    thr = mma.get_slice(tidx)
    tCgdQ = thr.partition_C(gdQ[None, None, 0, 0, token])
    tCrdQ = thr.make_fragment_C(tCgdQ)
    tCrdQ.fill(0.0)
    for k_tile in cutlass.range_constexpr(TOPK // TILE):
        tCgdS = thr.partition_A(gdS[None, None, 0, k_tile, token])
        tCgK = thr.partition_B(gK[None, None, 0, k_tile, token])
        tCrdS = thr.make_fragment_A(tCgdS)
        tCrK = thr.make_fragment_B(tCgK)
        tCrdS.store(tCgdS.load())
        tCrK.store(tCgK.load())
        cute.gemm(mma, tCrdQ, tCrdS, tCrK, tCrdQ)
    tCgdQ.store(tCrdQ.load())


@cute.jit
def token_dq_host(dS: cute.Tensor, K: cute.Tensor, dQ: cute.Tensor):
    dS = cute.group_modes(dS, 0, 2)
    K = cute.group_modes(K, 0, 2)
    dQ = cute.group_modes(dQ, 0, 2)
    dS_mkl = cute.make_tensor(dS.iterator, cute.select(dS.layout, [1, 2, 0]))
    K_nkl = cute.make_tensor(K.iterator, cute.select(K.layout, [2, 1, 0]))
    dQ_mnl = cute.make_tensor(dQ.iterator, cute.select(dQ.layout, [1, 2, 0]))
    token_dq_kernel(_mma(), dS_mkl, K_nkl, dQ_mnl).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_token_dq():
    """K arrives gathered per token, (batch, sequence, selected keys, head dim), as the kernel's cp.async gather
    leaves it in SMEM."""
    return cute.compile(token_dq_host, _tokens(BF16, HEADS, TOPK), _tokens(BF16, TOPK, DIM), _tokens(F32, HEADS, DIM))

