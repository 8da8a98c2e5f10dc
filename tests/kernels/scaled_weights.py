"""An mma.sync attention forward pass (S = Q K^T, O = P V through one TiledMma) whose softmax weights are scaled once
more as they are written (tests/test_trace_hand_tiles.py): `p[i] = f16(exp2(s[i] * scale - m[r]) * v_scale)`, V's
dequantization folded into P, as SageAttention's kernels write it. Its operands are (rows, d, 1), the unit mode
last as a host's `unsqueeze(-1)` appends it. Names carry no axis letters."""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_N = 64


@cute.kernel
def scaled_weights_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor,
                          v_scale: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    layout = cute.make_layout((_N, _N), stride=(_N, 1))
    sx = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sy = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sz = smem.allocate_tensor(cutlass.Float16, layout, 16)
    szt = cute.composition(sz, cute.make_layout((_N, _N), stride=(1, _N)))
    cute.autovec_copy(cute.local_tile(x, (_N, _N), (0, 0, 0)), sx)
    cute.autovec_copy(cute.local_tile(y, (_N, _N), (0, 0, 0)), sy)
    cute.autovec_copy(cute.local_tile(z, (_N, _N), (0, 0, 0)), sz)
    cute.arch.sync_threads()

    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fy = thr.make_fragment_B(thr.partition_B(sy))
    fzt = thr.make_fragment_B(thr.partition_B(szt))
    cute.autovec_copy(thr.partition_A(sx), fx)
    cute.autovec_copy(thr.partition_B(sy), fy)
    cute.autovec_copy(thr.partition_B(szt), fzt)
    scores = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    scores.fill(0.0)
    cute.gemm(tiled_mma, scores, fx, fy, scores)
    # the C fragment ((2,2),M,N) read in the A fragment's order ((2,2,2),M,N/2): two n8 blocks make one k16 block
    split = cute.logical_divide(scores.layout, (None, None, 2))
    in_a_order = cute.make_tensor(scores.iterator, cute.make_layout(
        ((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
        stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1])))
    weights = cute.make_rmem_tensor(thr.partition_shape_A((_N, _N)), cutlass.Float16)
    top = cute.make_rmem_tensor(2, cutlass.Float32)
    top.fill(0.0)
    scale = v_scale[0]
    for i in cutlass.range_constexpr(cute.size(weights)):
        weights[i] = cutlass.Float16(cute.math.exp2(in_a_order[i] * 0.125 - top[(i // 2) % 2], fastmath=True) * scale)
    result = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    result.fill(0.0)
    cute.gemm(tiled_mma, result, weights, fzt, result)
    cute.autovec_copy(result, thr.partition_C(cute.local_tile(out, (_N, _N), (0, 0))))


@cute.jit
def scaled_weights_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, v_scale: cute.Tensor, out: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    scaled_weights_kernel(tiled_mma, x, y, z, v_scale, out).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_scaled_weights():
    def fake(dtype, shape):  # the host's `unsqueeze(-1)`: a unit mode last
        return make_fake_compact_tensor(dtype, shape, stride_order=tuple(range(len(shape) - 1))[::-1]
                                        + (len(shape) - 1,), assumed_align=16)
    operand = (_N, _N, 1)
    return cute.compile(scaled_weights_host, fake(cutlass.Float16, operand), fake(cutlass.Float16, operand),
                        fake(cutlass.Float16, operand), make_fake_compact_tensor(cutlass.Float32, (1,)),
                        fake(cutlass.Float32, (_N, _N)))
