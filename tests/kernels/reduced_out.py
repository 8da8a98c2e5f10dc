"""A compile-only mma.sync GEMM (sm_90a: the bulk reduce needs it) whose result is reduced into global memory by inline PTX, as a backward
pass adds its dQ tile into an accumulator other CTAs add theirs to: the accumulator is copied (r2s, a flat 1-D copy) into a flat fp32
SMEM staging tile that one `cp.reduce.async.bulk.global.shared::cta` adds into the output, and a few of its values,
packed into 32-bit registers, are added by `red.global.add`. No CuTe copy writes global memory: only the PTX says
the staging tile and the packed registers are written out."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
from cutlass._mlir.dialects import llvm
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (16, 64, 16)  # M, N, K of one CTA
F16, F32, U32 = cutlass.Float16, cutlass.Float32, cutlass.Uint32


def _mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(F16, F32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((1, 2, 1)))


def _bulk_add(into: cute.Pointer, staged: cute.Pointer, size: int):
    llvm.inline_asm(None, [into.llvm_ptr, staged.toint().ir_value(), cutlass.Int32(size).ir_value()],
                    "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [$0], [$1], $2;", "l,r,r",
                    has_side_effects=True, is_align_stack=False, asm_dialect=llvm.AsmDialect.AD_ATT)


def _red_add(into: cute.Pointer, word):
    llvm.inline_asm(None, [into.llvm_ptr, word.ir_value()], "red.global.add.u32 [$0], $1;", "l,r",
                    has_side_effects=True, is_align_stack=False, asm_dialect=llvm.AsmDialect.AD_ATT)


@cute.kernel
def reduced_out_kernel(mma: cute.TiledMma, X: cute.Tensor, W: cute.Tensor, Z: cute.Tensor, C: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = utils.SmemAllocator()
    s_x = smem.allocate_tensor(F16, cute.make_layout((TILE[0], TILE[2]), stride=(TILE[2], 1)), 16)
    s_w = smem.allocate_tensor(F16, cute.make_layout((TILE[1], TILE[2]), stride=(TILE[2], 1)), 16)
    s_acc = smem.allocate_tensor(F32, cute.make_layout(TILE[0] * TILE[1]), 128)  # flat: no (M, N) tile
    cute.autovec_copy(X, s_x)
    cute.autovec_copy(W, s_w)
    thr = mma.get_slice(tidx)
    sums = cute.make_rmem_tensor(thr.partition_C(Z).shape, F32)
    sums.fill(0.0)
    cute.gemm(mma, sums, thr.make_fragment_A(thr.partition_A(s_x)), thr.make_fragment_B(thr.partition_B(s_w)), sums)
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F32, num_bits_per_copy=128)
    r2s = cute.make_tiled_copy_tv(atom, cute.make_layout(64), cute.make_layout(4))
    into = r2s.get_slice(tidx).partition_D(s_acc)
    cute.copy(r2s, cute.make_tensor(sums.iterator, into.shape), into)
    if tidx == 0:
        _bulk_add(Z.iterator, s_acc.iterator, TILE[0] * TILE[1] * 4)
    packed = cute.make_rmem_tensor((4,), U32)
    for i in cutlass.range_constexpr(4):
        packed[i] = U32(sums[i])
    for i in cutlass.range_constexpr(4):
        _red_add(C.iterator + tidx * 4 + i, packed[i])


@cute.jit
def reduced_out_host(X: cute.Tensor, W: cute.Tensor, Z: cute.Tensor, C: cute.Tensor):
    reduced_out_kernel(_mma(), X, W, Z, C).launch(grid=(1, 1, 1), block=(64, 1, 1))


def compile_reduced_out():
    def fake(dtype, rows, cols):
        return make_fake_compact_tensor(dtype, (rows, cols), stride_order=(1, 0), assumed_align=16)

    return cute.compile(reduced_out_host, fake(F16, TILE[0], TILE[2]), fake(F16, TILE[1], TILE[2]),
                        fake(F32, TILE[0], TILE[1]), fake(U32, 64, 4))
