"""Compile-only kernel: a chunked linear-attention forward pass on mma.sync (sm_80), written from its algebra, not
from any library's kernel. Names carry no axis letters: the labels must come from the data flow.

Per chunk of `_T` tokens, with a running state H (key dim x value dim) that starts at zero:

    out = X H^T-read + G Y      (X: the chunk's queries (tokens x key dim); G: a (tokens x tokens) gate; Y: values)
    H  += Z^T Y                 (Z: the chunk's keys, read transposed: key dim x tokens)

One TiledMma issues all three products: `out` accumulates two of them, over different axes (the key dim, then
the tokens). H's registers are converted into a staging register tile and copied to SMEM, where the next chunk's
first product reads them as its B operand (value dim x key dim); `out` goes to global memory the same way. Z^T is loaded straight from a global tile the TiledMma partitions for the copy (no product reads
that partition). Tokens, key dim and value dim are 64, 64 and 32.

`compile_chunks` (sm_80).
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_T, _DK, _DV, _CHUNKS = 64, 64, 32, 2
_F16 = cutlass.Float16


@cute.kernel
def chunks_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, z: cute.Tensor, y: cute.Tensor, g: cute.Tensor,
                  out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(_F16, cute.make_layout((_T, _DK), stride=(_DK, 1)), 16)
    sy = smem.allocate_tensor(_F16, cute.make_layout((_T, _DV), stride=(_DV, 1)), 16)
    sg = smem.allocate_tensor(_F16, cute.make_layout((_T, _T), stride=(_T, 1)), 16)
    sh = smem.allocate_tensor(_F16, cute.make_layout((_DV, _DK), stride=(_DK, 1)), 16)
    sy_t = cute.make_tensor(sy.iterator, cute.make_layout((_DV, _T), stride=(1, _DV)))  # Y^T: (value dim, tokens)
    sh_t = cute.make_tensor(sh.iterator, cute.make_layout((_DK, _DV), stride=(1, _DK)))  # H as written: (key, value)
    z_t = cute.make_tensor(z.iterator, cute.make_layout((_DK, _T * _CHUNKS), stride=(1, _DK)))

    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fg = thr.make_fragment_A(thr.partition_A(sg))
    fy = thr.make_fragment_B(thr.partition_B(sy_t))
    fh = thr.make_fragment_B(thr.partition_B(sh))
    state = cute.make_rmem_tensor(thr.partition_shape_C((_DK, _DV)), cutlass.Float32)
    state.fill(0.0)
    result = cute.make_rmem_tensor(thr.partition_shape_C((_T, _DV)), cutlass.Float32)
    staged_state = cute.make_fragment_like(state, _F16)
    staged_result = cute.make_fragment_like(result, _F16)
    fz = thr.make_fragment_A(thr.partition_A(cute.local_tile(z_t, (_DK, _T), (0, 0))))
    for c in cutlass.range_constexpr(_CHUNKS):
        cute.autovec_copy(cute.local_tile(x, (_T, _DK), (c, 0)), sx)
        cute.autovec_copy(cute.local_tile(y, (_T, _DV), (c, 0)), sy)
        cute.autovec_copy(cute.local_tile(g, (_T, _T), (c, 0)), sg)
        cute.arch.sync_threads()
        cute.autovec_copy(thr.partition_A(sx), fx)
        cute.autovec_copy(thr.partition_A(sg), fg)
        cute.autovec_copy(thr.partition_B(sy_t), fy)
        cute.autovec_copy(thr.partition_B(sh), fh)
        cute.autovec_copy(thr.partition_A(cute.local_tile(z_t, (_DK, _T), (0, c))), fz)
        result.fill(0.0)
        cute.gemm(tiled_mma, result, fx, fh, result)  # the state as the previous chunks left it
        cute.gemm(tiled_mma, result, fg, fy, result)
        cute.gemm(tiled_mma, state, fz, fy, state)
        cute.arch.sync_threads()
        staged_state.store(state.load().to(_F16))
        cute.autovec_copy(staged_state, thr.partition_C(sh_t))
        staged_result.store(result.load().to(_F16))
        cute.autovec_copy(staged_result, thr.partition_C(cute.local_tile(out, (_T, _DV), (c, 0))))


@cute.jit
def chunks_host(x: cute.Tensor, z: cute.Tensor, y: cute.Tensor, g: cute.Tensor, out: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(_F16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    chunks_kernel(tiled_mma, x, z, y, g, out).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_chunks():
    def fake(cols):
        return make_fake_compact_tensor(_F16, (_T * _CHUNKS, cols), stride_order=(1, 0), assumed_align=16)
    return cute.compile(chunks_host, fake(_DK), fake(_DK), fake(_DV), fake(_T), fake(_DV))
