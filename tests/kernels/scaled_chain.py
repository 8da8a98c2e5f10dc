"""Compile-only kernels: two block-scaled mma.sync products (kind::mxf8f6f4, sm_120a) chained through registers,
S = X Y^T then O = P Z, where `cute.gemm` takes each operand as a list `[values, scale factors]`. Names carry no
axis letters: the labels must come from the data flow.

`compile_listed` (sm_120a): the first product's accumulator is converted to E4M3 and written into the second's A
fragment through flat views over both fragments' registers (`make_tensor(frag.iterator, make_layout(16))`): the
list's first tensor is the operand the MMA reads, the second its scale factors.

`compile_elementwise` (sm_120a): the same chain with the A fragment, a register tensor made from a layout alone,
filled element by element from the accumulator's registers, `frag[i] = (acc[i] * c).to(E4M3)`, no view over either.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils.blackwell_helpers as helpers
from cutlass.cute.runtime import make_fake_compact_tensor

_ROWS, _COLS, _WIDE = 64, 32, 64
_F8, _SF = cutlass.Float8E4M3FN, cutlass.Float8E8M0FNU


def _unit_scales(thr, tidx, tile, make):
    shape_only = cute.make_rmem_tensor(cute.make_layout(tile, stride=(0, 0)), _SF)
    scales = make(shape_only, thr, tidx)
    scales.fill(1.0)
    return scales


def _scaled_gemm(tiled_mma, thr, tidx, acc, a, b, tile_a, tile_b):
    """acc += a b^T, one k-block at a time: B's scale factors group (n-blocks, k-blocks) in one mode."""
    scales_a = _unit_scales(thr, tidx, tile_a, helpers.partition_fragment_SFA)
    scales_b = _unit_scales(thr, tidx, tile_b, helpers.partition_fragment_SFB)
    for k in range(cute.size(a, mode=[2])):  # a helper is not preprocessed: a Python loop over a static count
        cute.gemm(tiled_mma, acc, [a[None, None, k], scales_a[None, None, k]],
                  [b[None, None, k], scales_b[None, (None, k)]], acc)


def _operands(tiled_mma, tidx, x, y, z):
    thr = tiled_mma.get_slice(tidx)
    fx = tiled_mma.make_fragment_A(thr.partition_A(x))
    fy = tiled_mma.make_fragment_B(thr.partition_B(y))
    fz = tiled_mma.make_fragment_B(thr.partition_B(z))
    cute.autovec_copy(thr.partition_A(x), fx)
    cute.autovec_copy(thr.partition_B(y), fy)
    cute.autovec_copy(thr.partition_B(z), fz)
    return thr, fx, fy, fz


@cute.kernel
def listed_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    thr, fx, fy, fz = _operands(tiled_mma, tidx, x, y, z)
    first = cute.make_rmem_tensor(thr.partition_shape_C((_ROWS, _COLS)), cutlass.Float32)
    first.fill(0.0)
    _scaled_gemm(tiled_mma, thr, tidx, first, fx, fy, (_ROWS, _WIDE), (_COLS, _WIDE))
    packed = cute.make_rmem_tensor(thr.partition_shape_A((_ROWS, _COLS)), _F8)
    flat_in = cute.make_tensor(first.iterator, cute.make_layout(cute.size(first)))
    flat_out = cute.make_tensor(packed.iterator, cute.make_layout(cute.size(packed)))
    flat_out.store(flat_in.load().to(_F8))
    second = cute.make_rmem_tensor(thr.partition_shape_C((_ROWS, _WIDE)), cutlass.Float32)
    second.fill(0.0)
    _scaled_gemm(tiled_mma, thr, tidx, second, packed, fz, (_ROWS, _COLS), (_WIDE, _COLS))
    cute.autovec_copy(second, thr.partition_C(out))


@cute.kernel
def elementwise_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, out: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    thr, fx, fy, fz = _operands(tiled_mma, tidx, x, y, z)
    first = cute.make_rmem_tensor(thr.partition_shape_C((_ROWS, _COLS)), cutlass.Float32)
    first.fill(0.0)
    _scaled_gemm(tiled_mma, thr, tidx, first, fx, fy, (_ROWS, _WIDE), (_COLS, _WIDE))
    # laid out by hand as the A fragment is ((4,2,2) values, MMA_M, MMA_K): nothing but the gemm says it is one
    packed = cute.make_rmem_tensor(cute.make_layout(((4, 2, 2), 1, 1), stride=((1, 4, 8), 16, 16)), _F8)
    for i in cutlass.range_constexpr(cute.size(packed)):
        packed[i] = (first[i] * 16.0).to(_F8)
    second = cute.make_rmem_tensor(thr.partition_shape_C((_ROWS, _WIDE)), cutlass.Float32)
    second.fill(0.0)
    _scaled_gemm(tiled_mma, thr, tidx, second, packed, fz, (_ROWS, _COLS), (_WIDE, _COLS))
    cute.autovec_copy(second, thr.partition_C(out))


def _tiled_mma():
    op = cute.nvgpu.warp.MmaMXF8Op(_F8, cutlass.Float32, _SF)
    return cute.make_tiled_mma(op, (4, 1, 1), permutation_mnk=(_ROWS, 16, 32))


@cute.jit
def listed_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, out: cute.Tensor):
    listed_kernel(_tiled_mma(), x, y, z, out).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def elementwise_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, out: cute.Tensor):
    elementwise_kernel(_tiled_mma(), x, y, z, out).launch(grid=(1, 1, 1), block=(128, 1, 1))


def _inputs():
    def fake(dtype, shape):
        return make_fake_compact_tensor(dtype, shape, stride_order=(1, 0), assumed_align=16)
    # z is (WIDE, COLS): the second product's N then its K, as an MMA's B operand is laid out
    return (fake(_F8, (_ROWS, _WIDE)), fake(_F8, (_COLS, _WIDE)), fake(_F8, (_WIDE, _COLS)),
            fake(cutlass.Float32, (_ROWS, _WIDE)))


def compile_listed():
    return cute.compile(listed_host, *_inputs())


def compile_elementwise():
    return cute.compile(elementwise_host, *_inputs())
