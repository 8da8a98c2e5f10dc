"""A compile-only kernel (sm_80) whose warp MMAs are issued by hand: `mma.sync.aligned.m16n8k16` in inline PTX reads
registers of register arrays made from bare shapes, `lhs[None, m, k]` and `rhs[None, k, n]` recast to 32-bit
words and `acc[None, m, n]` as they are, and a second MMA writes its result into `out[None, n]` with its C read
whole. No MMA call made any of them: the instruction's operand order says which is A, B and C (D), and the
indices the issues slice them at say which of their modes run along M, N and K. `lhs` is filled from registers a
copy filled from global memory (`staged`): the copy's values. `pairs`, a view of `rhs` as words made before any
MMA reads it, holds B's registers."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass._mlir import ir
from cutlass._mlir.dialects import llvm, vector
from cutlass.cute.runtime import make_fake_compact_tensor

BF16, F32, U32 = cutlass.BFloat16, cutlass.Float32, cutlass.Uint32
M_TILES, N_TILES, K_TILES = 2, 4, 3  # a warp's 32 x 32 tile over 48 columns: 2 x 4 MMAs of 16 x 8 x 16, 3 k-steps


def _issue(a, b, c):
    """One m16n8k16 bf16 MMA with f32 accumulation: a is 8 bf16, b 4 bf16, c 4 f32; the 4 results as a vector."""
    words_a, words_b = cute.recast_tensor(a, U32), cute.recast_tensor(b, U32)
    out = llvm.inline_asm(
        llvm.StructType.get_literal([F32.mlir_type] * 4),
        [words_a[i].ir_value() for i in range(4)] + [words_b[i].ir_value() for i in range(2)]
        + [c[i].ir_value() for i in range(4)],
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, "
        "{$10, $11, $12, $13};",
        "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f",
        has_side_effects=False, is_align_stack=False,
    )
    return vector.from_elements(ir.VectorType.get([4], F32.mlir_type),
                                [llvm.extractvalue(F32.mlir_type, out, [i]) for i in range(4)])


@cute.kernel
def warp_kernel(left: cute.Tensor, right: cute.Tensor, result: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    lhs = cute.make_rmem_tensor((8, M_TILES, K_TILES), BF16)
    rhs = cute.make_rmem_tensor((4, K_TILES, N_TILES), BF16)
    acc = cute.make_rmem_tensor((4, M_TILES, N_TILES), F32)
    staged = cute.make_rmem_tensor(8 * M_TILES * K_TILES, BF16)  # the thread's row of `left`, copied in
    cute.autovec_copy(left[t, None], staged)
    for i in cutlass.range_constexpr(8):
        for m in cutlass.range_constexpr(M_TILES):
            for k in cutlass.range_constexpr(K_TILES):
                lhs[i, m, k] = staged[i + 8 * (m + M_TILES * k)]
    for i in cutlass.range_constexpr(4):
        for k in cutlass.range_constexpr(K_TILES):
            for n in cutlass.range_constexpr(N_TILES):
                rhs[i, k, n] = right[t, i + 4 * (k + K_TILES * n)]
    pairs = cute.recast_tensor(rhs, U32)  # a view of B's registers as words, made before any MMA reads them
    pairs[0, 0, 0] = pairs[1, 0, 0]
    acc.fill(0.0)
    for k in cutlass.range_constexpr(K_TILES):
        for m in cutlass.range_constexpr(M_TILES):
            for n in cutlass.range_constexpr(N_TILES):
                acc[None, m, n] = cute.TensorSSA(_issue(lhs[None, m, k], rhs[None, k, n], acc[None, m, n]), 4, F32)
    # a second MMA: its accumulator read whole (zeros), its result written into one column block of `out` each
    zeros = cute.make_rmem_tensor(4, F32)
    zeros.fill(0.0)
    out = cute.make_rmem_tensor((4, N_TILES), F32)
    for n in cutlass.range_constexpr(N_TILES):
        out[None, n] = cute.TensorSSA(_issue(lhs[None, 0, 0], rhs[None, 0, n], zeros), 4, F32)
    for i in cutlass.range_constexpr(4):
        result[t, i] = acc[i, 0, 0] + out[i, 0]


@cute.jit
def warp_host(left: cute.Tensor, right: cute.Tensor, result: cute.Tensor):
    warp_kernel(left, right, result).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_warp():
    left = make_fake_compact_tensor(BF16, (32, 8 * M_TILES * K_TILES), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(BF16, (32, 4 * K_TILES * N_TILES), stride_order=(1, 0), assumed_align=16)
    result = make_fake_compact_tensor(F32, (32, 4), stride_order=(1, 0), assumed_align=16)
    return cute.compile(warp_host, left, right, result)
