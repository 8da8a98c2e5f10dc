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

`compile_keyed_values` (sm_80): as above, but the state is updated from values mixed across the chunk first, U = W Y
(W another (tokens x tokens) input), H += Z^T U; U's registers are stored, converted, into the update's B fragment (value dim
x tokens) through flat views of both (nothing pairs the two sides' modes): U's rows are the tokens the update
contracts.
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


@cute.kernel
def keyed_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, z: cute.Tensor, y: cute.Tensor, g: cute.Tensor,
                 w: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(_F16, cute.make_layout((_T, _DK), stride=(_DK, 1)), 16)
    sy = smem.allocate_tensor(_F16, cute.make_layout((_T, _DV), stride=(_DV, 1)), 16)
    sg = smem.allocate_tensor(_F16, cute.make_layout((_T, _T), stride=(_T, 1)), 16)
    sw = smem.allocate_tensor(_F16, cute.make_layout((_T, _T), stride=(_T, 1)), 16)
    sh = smem.allocate_tensor(_F16, cute.make_layout((_DV, _DK), stride=(_DK, 1)), 16)
    sy_t = cute.make_tensor(sy.iterator, cute.make_layout((_DV, _T), stride=(1, _DV)))
    sh_t = cute.make_tensor(sh.iterator, cute.make_layout((_DK, _DV), stride=(1, _DK)))
    z_t = cute.make_tensor(z.iterator, cute.make_layout((_DK, _T * _CHUNKS), stride=(1, _DK)))

    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fg = thr.make_fragment_A(thr.partition_A(sg))
    fw = thr.make_fragment_A(thr.partition_A(sw))
    fy = thr.make_fragment_B(thr.partition_B(sy_t))
    fu = cute.make_rmem_tensor(thr.partition_shape_B((_DV, _T)), _F16)
    fh = thr.make_fragment_B(thr.partition_B(sh))
    fz = thr.make_fragment_A(thr.partition_A(cute.local_tile(z_t, (_DK, _T), (0, 0))))
    state = cute.make_rmem_tensor(thr.partition_shape_C((_DK, _DV)), cutlass.Float32)
    state.fill(0.0)
    result = cute.make_rmem_tensor(thr.partition_shape_C((_T, _DV)), cutlass.Float32)
    mixed = cute.make_rmem_tensor(thr.partition_shape_C((_T, _DV)), cutlass.Float32)
    staged_state = cute.make_fragment_like(state, _F16)
    for c in cutlass.range_constexpr(_CHUNKS):
        cute.autovec_copy(cute.local_tile(x, (_T, _DK), (c, 0)), sx)
        cute.autovec_copy(cute.local_tile(y, (_T, _DV), (c, 0)), sy)
        cute.autovec_copy(cute.local_tile(g, (_T, _T), (c, 0)), sg)
        cute.autovec_copy(cute.local_tile(w, (_T, _T), (c, 0)), sw)
        cute.arch.sync_threads()
        cute.autovec_copy(thr.partition_A(sx), fx)
        cute.autovec_copy(thr.partition_A(sg), fg)
        cute.autovec_copy(thr.partition_A(sw), fw)
        cute.autovec_copy(thr.partition_B(sy_t), fy)
        cute.autovec_copy(thr.partition_B(sh), fh)
        cute.autovec_copy(thr.partition_A(cute.local_tile(z_t, (_DK, _T), (0, c))), fz)
        result.fill(0.0)
        cute.gemm(tiled_mma, result, fx, fh, result)
        cute.gemm(tiled_mma, result, fg, fy, result)
        mixed.fill(0.0)
        cute.gemm(tiled_mma, mixed, fw, fy, mixed)
        flat_u = cute.make_tensor(fu.iterator, cute.make_layout(cute.size(mixed)))  # this thread's share of U
        flat_u.store(cute.make_tensor(mixed.iterator, cute.make_layout(cute.size(mixed))).load().to(_F16))
        cute.gemm(tiled_mma, state, fz, fu, state)
        staged_state.store(state.load().to(_F16))
        cute.autovec_copy(staged_state, thr.partition_C(sh_t))
        cute.autovec_copy(result, thr.partition_C(cute.local_tile(out, (_T, _DV), (c, 0))))


@cute.jit
def chunks_host(x: cute.Tensor, z: cute.Tensor, y: cute.Tensor, g: cute.Tensor, out: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(_F16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    chunks_kernel(tiled_mma, x, z, y, g, out).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def keyed_host(x: cute.Tensor, z: cute.Tensor, y: cute.Tensor, g: cute.Tensor, w: cute.Tensor, out: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(_F16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    keyed_kernel(tiled_mma, x, z, y, g, w, out).launch(grid=(1, 1, 1), block=(128, 1, 1))


def _fake(cols, dtype=_F16):
    return make_fake_compact_tensor(dtype, (_T * _CHUNKS, cols), stride_order=(1, 0), assumed_align=16)


def compile_keyed_values():
    return cute.compile(keyed_host, _fake(_DK), _fake(_DK), _fake(_DV), _fake(_T), _fake(_T), _fake(_DV, cutlass.Float32))


def compile_chunks():
    def fake(cols):
        return make_fake_compact_tensor(_F16, (_T * _CHUNKS, cols), stride_order=(1, 0), assumed_align=16)
    return cute.compile(chunks_host, fake(_DK), fake(_DK), fake(_DV), fake(_T), fake(_DV))
