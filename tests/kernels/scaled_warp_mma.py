"""A compile-only kernel (sm_120a) whose block-scaled warp MMAs are issued by hand: `mma.sync ... kind::mxf8f6f4.
block_scale` in inline PTX reads A, B and C registers from register arrays made from bare shapes (`lhs[None, m, k]`,
`rhs[None, n, k]`, `acc[None, m, n]`) and one 32-bit scale register each for A and B, element reads of register
arrays of their own: `sfa[m // 2, k]` (two m16 tiles share a word of row scales) and `sfb[n, k]`. The A scales
come from an SMEM buffer laid out from a shape with one nested tile mode (4 scales of a K block, 8 rows, the row
groups, the K blocks) and its stages, sliced by lane and tiled into (row groups, K blocks, stages), then copied
into `sfa` a K block at a time. `lhs` is made right after that tile, its rests of the tile's extents."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass._mlir import ir
from cutlass._mlir.dialects import llvm, vector
from cutlass.cute.nvgpu import CopyUniversalOp
from cutlass.cute.runtime import make_fake_compact_tensor

F8, F32, I32, U32, I16 = cutlass.Float8E4M3FN, cutlass.Float32, cutlass.Int32, cutlass.Uint32, cutlass.Int16
M_TILES, N_TILES, K_TILES, STAGES = 8, 2, 2, 2  # 8 m16 tiles (4 row groups of scales), 2 n8 tiles, 2 k32 blocks
GROUPS = M_TILES // 2


def _issue(a, b, c, scale_a, scale_b):
    """One m16n8k32 e4m3 MMA with f32 accumulation and a ue8m0 scale register per operand; the 4 results."""
    words_a, words_b = cute.recast_tensor(a, U32), cute.recast_tensor(b, U32)
    zero = I16(0)
    out = llvm.inline_asm(
        llvm.StructType.get_literal([F32.mlir_type] * 4),
        [words_a[i].ir_value() for i in range(4)] + [words_b[i].ir_value() for i in range(2)]
        + [c[i].ir_value() for i in range(4)]
        + [scale_a.ir_value(), zero.ir_value(), zero.ir_value(), scale_b.ir_value(), zero.ir_value(),
           zero.ir_value()],
        "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0 "
        "{$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13}, $14, {$15, $16}, $17, {$18, $19};",
        "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f,r,h,h,r,h,h",
        has_side_effects=False, is_align_stack=False,
    )
    return vector.from_elements(ir.VectorType.get([4], F32.mlir_type),
                                [llvm.extractvalue(F32.mlir_type, out, [i]) for i in range(4)])


@cute.kernel
def scaled_kernel(left: cute.Tensor, right: cute.Tensor, scales: cute.Tensor, result: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    held = smem.allocate_tensor(cutlass.Uint8, cute.make_layout(((4, GROUPS, 8, K_TILES), STAGES)),
                                byte_alignment=128)
    words = cute.recast_tensor(held, I32)[(0, None, (t % 4) * 2 + t // 16, None), None]
    tile = cute.local_tile(words, (GROUPS, K_TILES, STAGES), (t // 32, 0, 0))
    lhs = cute.make_rmem_tensor((32, GROUPS * 2, K_TILES), F8)
    rhs = cute.make_rmem_tensor((16, N_TILES, K_TILES), F8)
    acc = cute.make_rmem_tensor((4, M_TILES, N_TILES), F32)
    sfa = cute.make_rmem_tensor((GROUPS, K_TILES), I32)
    sfb = cute.make_rmem_tensor((N_TILES, K_TILES), I32)
    for i in cutlass.range_constexpr(32):
        for m in cutlass.range_constexpr(M_TILES):
            for k in cutlass.range_constexpr(K_TILES):
                lhs[i, m, k] = left[t, i + 32 * (m + M_TILES * k)].to(F8)
    for i in cutlass.range_constexpr(16):
        for n in cutlass.range_constexpr(N_TILES):
            for k in cutlass.range_constexpr(K_TILES):
                rhs[i, n, k] = right[t, i + 16 * (n + N_TILES * k)].to(F8)
    for n in cutlass.range_constexpr(N_TILES):
        for k in cutlass.range_constexpr(K_TILES):
            sfb[n, k] = I32(scales[t, n + N_TILES * k])
    acc.fill(0.0)
    word_copy = cute.make_copy_atom(CopyUniversalOp(), I32, num_bits_per_copy=32)
    for k in cutlass.range_constexpr(K_TILES):
        cute.copy(word_copy, tile[None, k, 0], sfa[None, k])
        for m in cutlass.range_constexpr(M_TILES):
            for n in cutlass.range_constexpr(N_TILES):
                acc[None, m, n] = cute.TensorSSA(
                    _issue(lhs[None, m, k], rhs[None, n, k], acc[None, m, n], sfa[m // 2, k], sfb[n, k]), 4, F32)
    for i in cutlass.range_constexpr(4):
        result[t, i] = acc[i, 0, 0] + acc[i, M_TILES - 1, N_TILES - 1]


@cute.jit
def scaled_host(left: cute.Tensor, right: cute.Tensor, scales: cute.Tensor, result: cute.Tensor):
    scaled_kernel(left, right, scales, result).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_scaled():
    left = make_fake_compact_tensor(F32, (32, 32 * M_TILES * K_TILES), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(F32, (32, 16 * N_TILES * K_TILES), stride_order=(1, 0), assumed_align=16)
    scales = make_fake_compact_tensor(F32, (32, 4 * 8 * GROUPS * K_TILES), stride_order=(1, 0), assumed_align=16)
    result = make_fake_compact_tensor(F32, (32, 4), stride_order=(1, 0), assumed_align=16)
    return cute.compile(scaled_host, left, right, scales, result)
