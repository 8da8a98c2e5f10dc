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


WARPS = 4  # the skinny kernel's warps, each its own k-tiles


def _load_pair(address):
    """Two 32-bit words a hand-written `ld.global.v2.u32` returns (registers no tensor holds)."""
    out = llvm.inline_asm(
        llvm.StructType.get_literal([U32.mlir_type] * 2), [address.ir_value()],
        "ld.global.v2.u32 {$0, $1}, [$2];", "=r,=r,l", has_side_effects=True, is_align_stack=False,
    )
    return [U32(llvm.extractvalue(U32.mlir_type, out, [i])) for i in range(2)]


def _issue_words(a: list, b: list, c: list):
    """One m16n8k16 bf16 MMA on 32-bit words: a 4 words, b 2, c 4 f32; the 4 results."""
    out = llvm.inline_asm(
        llvm.StructType.get_literal([F32.mlir_type] * 4), [x.ir_value() for x in a + b + c],
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, "
        "{$10, $11, $12, $13};",
        "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f", has_side_effects=False, is_align_stack=False,
    )
    return [F32(llvm.extractvalue(F32.mlir_type, out, [i])) for i in range(4)]


@cute.kernel
def skinny_kernel(weights: cute.Tensor, tokens: cute.Tensor, result: cute.Tensor):
    """A skinny GEMM's warp MMAs by hand: A from a flat array of weight words filled element by element, B loaded by
    inline PTX into registers no tensor holds, C a flat accumulator array; each warp its own k-tiles, the warps'
    accumulators summed through an SMEM buffer that warp 0 reads back mode by mode (`partials[w, i, lane]`), and
    through a flat one (`flat[warp, 32 * i + lane]`) whose warps' mode a vector reduction sums (`flat[None, e]`)."""
    t, _, _ = cute.arch.thread_idx()
    warp, lane = t // 32, t % 32
    words = cute.make_rmem_tensor((4 * K_TILES,), U32)
    for i in cutlass.range_constexpr(4 * K_TILES):
        words[i] = weights[t, i]
    acc = cute.make_rmem_tensor((4,), F32)
    acc.fill(0.0)
    base = tokens.iterator.toint() + cutlass.Int64(t) * 8 * K_TILES
    for k in cutlass.range_constexpr(K_TILES):
        d = _issue_words([words[4 * k + i] for i in range(4)], _load_pair(base + 8 * k), [acc[i] for i in range(4)])
        for i in cutlass.range_constexpr(4):
            acc[i] = d[i]
    smem = cutlass.utils.SmemAllocator()
    partials = smem.allocate_tensor(F32, cute.make_layout((WARPS, 4, 32), stride=(128, 32, 1)), byte_alignment=16)
    for i in cutlass.range_constexpr(4):
        partials[warp, i, lane] = acc[i]
    cute.arch.sync_threads()
    if warp == 0:
        for i in cutlass.range_constexpr(4):
            total = partials[0, i, lane]
            for w in cutlass.range_constexpr(1, WARPS):
                total = total + partials[w, i, lane]
            result[lane, i] = total
    # the same sums again, each warp's values laid flat and reduced as a vector along the warps' mode, in a branch
    flat = smem.allocate_tensor(F32, cute.make_layout((WARPS, 128), stride=(128, 1)), byte_alignment=16)
    for i in cutlass.range_constexpr(4):
        flat[warp, 32 * i + lane] = acc[i]
    cute.arch.sync_threads()
    for i in cutlass.range_constexpr(4):
        total = cutlass.Float32(0.0)
        if cute.arch.block_idx()[0] == 0:
            total = flat[None, 32 * i + lane].load().reduce(cute.ReductionOp.ADD, init_val=cutlass.Float32(0.0),
                                                           reduction_profile=0)
        result[lane, i] = total * 2.0


@cute.jit
def skinny_host(weights: cute.Tensor, tokens: cute.Tensor, result: cute.Tensor):
    skinny_kernel(weights, tokens, result).launch(grid=(1, 1, 1), block=(32 * WARPS, 1, 1))


def compile_skinny():
    weights = make_fake_compact_tensor(U32, (32 * WARPS, 4 * K_TILES), stride_order=(1, 0), assumed_align=16)
    tokens = make_fake_compact_tensor(U32, (32 * WARPS, 2 * K_TILES), stride_order=(1, 0), assumed_align=16)
    result = make_fake_compact_tensor(F32, (32, 4), stride_order=(1, 0), assumed_align=16)
    return cute.compile(skinny_host, weights, tokens, result)


@cute.kernel
def element_kernel(weights: cute.Tensor, tokens: cute.Tensor, result: cute.Tensor):
    """b12x's MXFP8 BMM core: one m16 block of A words and four n8 blocks of B per k-step, every operand register an
    element read (`a_regs[0, i]`, `acc[0, jj, i]`) and the results written back one by one (`acc[0, jj, i] = d[i]`):
    the index the four registers share is a rest, the one they differ in the instruction's atom; `jj` walks while
    A stays (the n8 blocks, N), and the accumulator's other rest is A's (the m16 block, M)."""
    t, _, _ = cute.arch.thread_idx()
    acc = cute.make_rmem_tensor((1, 4, 4), F32)
    acc.fill(0.0)
    a_regs = cute.make_rmem_tensor((1, 4), U32)
    base = tokens.iterator.toint() + cutlass.Int64(t) * 8 * K_TILES
    for k in cutlass.range_constexpr(K_TILES):
        for i in cutlass.range_constexpr(4):
            a_regs[0, i] = weights[t, 4 * k + i]
        for jj in cutlass.range_constexpr(4):
            d = _issue_words([a_regs[0, i] for i in range(4)], _load_pair(base + 8 * (k * 4 + jj)),
                             [acc[0, jj, i] for i in range(4)])
            for i in cutlass.range_constexpr(4):
                acc[0, jj, i] = d[i]
    for i in cutlass.range_constexpr(4):
        result[t, i] = acc[0, 0, i] + acc[0, 3, i]


@cute.jit
def element_host(weights: cute.Tensor, tokens: cute.Tensor, result: cute.Tensor):
    element_kernel(weights, tokens, result).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_elements():
    weights = make_fake_compact_tensor(U32, (32, 4 * K_TILES), stride_order=(1, 0), assumed_align=16)
    tokens = make_fake_compact_tensor(U32, (32, 8 * K_TILES), stride_order=(1, 0), assumed_align=16)
    result = make_fake_compact_tensor(F32, (32, 4), stride_order=(1, 0), assumed_align=16)
    return cute.compile(element_host, weights, tokens, result)


E4M3 = cutlass.Float8E4M3FN
I16, I32 = cutlass.Int16, cutlass.Int32


def _issue_scaled(a, b, c, scale):
    """One block-scaled m16n8k32 e4m3 MMA (`kind::mxf8f6f4.block_scale`): D, A, B, C, then each operand's scale
    register and its `{byte-id, thread-id}` selector."""
    words_a, words_b = cute.recast_tensor(a, U32), cute.recast_tensor(b, U32)
    zero = I16(0)
    out = llvm.inline_asm(
        llvm.StructType.get_literal([F32.mlir_type] * 4),
        [words_a[i].ir_value() for i in range(4)] + [words_b[i].ir_value() for i in range(2)]
        + [c[i].ir_value() for i in range(4)] + [scale.ir_value(), zero.ir_value(), zero.ir_value()] * 2,
        "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0 {$0, $1, $2, $3}, "
        "{$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13}, $14, {$15, $16}, $17, {$18, $19};",
        "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f,r,h,h,r,h,h",
        has_side_effects=False, is_align_stack=False,
    )
    return vector.from_elements(ir.VectorType.get([4], F32.mlir_type),
                                [llvm.extractvalue(F32.mlir_type, out, [i]) for i in range(4)])


@cute.kernel
def scaled_kernel(left: cute.Tensor, right: cute.Tensor, result: cute.Tensor):
    """Block-scaled warp MMAs by hand whose B registers hold two n-tiles per rest index, as one 16-row ldmatrix.x4
    loads them: `rhs[(None, n % 2), n // 2, k]` beside `acc[None, n, m]`; both of B's indexed leaves split C's `n`.
    Each k-block of the registers is copied from the inputs' k-th block (`left[t, None, None, k]` into
    `lhs[None, None, k]`): the index both sides are sliced at makes the inputs' last mode the MMA's K."""
    t, _, _ = cute.arch.thread_idx()
    lhs = cute.make_rmem_tensor((16, M_TILES, K_TILES), E4M3)
    rhs = cute.make_rmem_tensor(((8, 2), N_TILES // 2, K_TILES), E4M3)
    acc = cute.make_rmem_tensor((4, N_TILES, M_TILES), F32)
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), E4M3)
    for k in cutlass.range_constexpr(K_TILES):
        cute.copy(atom, left[t, None, None, k], lhs[None, None, k])
        cute.copy(atom, right[t, None, None, k], rhs[None, None, k])
    acc.fill(0.0)
    for k in cutlass.range_constexpr(K_TILES):
        for m in cutlass.range_constexpr(M_TILES):
            for n in cutlass.range_constexpr(N_TILES):
                acc[None, n, m] = cute.TensorSSA(
                    _issue_scaled(lhs[None, m, k], rhs[(None, n % 2), n // 2, k], acc[None, n, m], I32(127)), 4, F32)
    for i in cutlass.range_constexpr(4):
        result[t, i] = acc[i, 0, 0]


@cute.jit
def scaled_host(left: cute.Tensor, right: cute.Tensor, result: cute.Tensor):
    scaled_kernel(left, right, result).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_scaled():
    left = make_fake_compact_tensor(E4M3, (32, 16, M_TILES, K_TILES), stride_order=(3, 0, 1, 2), assumed_align=16)
    right = make_fake_compact_tensor(E4M3, (32, 16, N_TILES // 2, K_TILES), stride_order=(3, 0, 1, 2),
                                     assumed_align=16)
    result = make_fake_compact_tensor(F32, (32, 4), stride_order=(1, 0), assumed_align=16)
    return cute.compile(scaled_host, left, right, result)


@cute.kernel
def smem_kernel(left: cute.Tensor, right: cute.Tensor, result: cute.Tensor):
    """Warp MMAs by hand whose registers a copy loads from SMEM through divides made by hand, as ldmatrix is fed:
    each tile is divided into 16 rows by (8, 2) columns, a lane picks its row and half (`view[(lane % 16, (None,
    lane // 16)), None]`), and each k-step copies `view[None, (None, k)]` into `regs[None, None, k]`. No MMA
    partition reads the tiles: the copy into the MMA's registers says they hold its operands, and the divide the
    copy reads is that copy's partition."""
    t, _, _ = cute.arch.thread_idx()
    lane, warp = t % 32, t // 32
    smem = cutlass.utils.SmemAllocator()
    tile_l = smem.allocate_tensor(BF16, cute.make_layout((32, 32), stride=(32, 1)), byte_alignment=16)
    tile_r = smem.allocate_tensor(BF16, cute.make_layout((32, 32), stride=(32, 1)), byte_alignment=16)
    cute.autovec_copy(left, tile_l)
    cute.autovec_copy(right, tile_r)
    cute.arch.sync_threads()
    part_l = cute.local_tile(tile_l, (32, 32), (warp, 0))  # the warp's rows of the left tile
    view_l = cute.zipped_divide(part_l, (16, cute.make_layout((8, 2))))
    view_r = cute.zipped_divide(tile_r, (16, cute.make_layout((8, 2))))
    lane_l = view_l[(lane % 16, (None, lane // 16)), None]
    lane_r = view_r[(lane % 16, (None, lane // 16)), None]
    regs_l = cute.make_rmem_tensor((8, 2, 2), BF16)
    regs_r = cute.make_rmem_tensor(((4, 2), 2, 2), BF16)
    acc = cute.make_rmem_tensor((4, 4, 2), F32)
    acc.fill(0.0)
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), BF16, num_bits_per_copy=128)
    for k in cutlass.range_constexpr(2):
        cute.copy(atom, lane_l[None, (None, k)], regs_l[None, None, k])
        cute.copy(atom, lane_r[None, (None, k)], regs_r[None, None, k])
        for m in cutlass.range_constexpr(2):
            for n in cutlass.range_constexpr(4):
                acc[None, n, m] = cute.TensorSSA(
                    _issue(regs_l[None, m, k], regs_r[(None, n % 2), n // 2, k], acc[None, n, m]), 4, F32)
    # a running total of the scaled accumulator, element by element, written out through a divide of the warp's
    # share of the output made by hand, each lane its rows and columns
    total = cute.make_rmem_tensor((4, 4, 2), F32)
    total.fill(0.0)
    for m in cutlass.range_constexpr(2):
        for n in cutlass.range_constexpr(4):
            for i in cutlass.range_constexpr(4):
                total[i, n, m] += acc[i, n, m] * 2.0
    out_cta = cute.local_tile(result, (32, 32), (cute.arch.block_idx()[0], 0))
    out_part = cute.local_tile(out_cta, (32, 32), (warp, 0))
    out_view = cute.zipped_divide(out_part, (cute.make_layout((8, 2)), cute.make_layout((2, 4))))
    out_lane = out_view[((lane // 4, None), (None, lane % 4)), None]
    for m in cutlass.range_constexpr(2):
        for n in cutlass.range_constexpr(4):
            values = cute.make_rmem_tensor((2, 2), F32)
            values.store(total[None, n, m].load())
            cute.copy(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), F32), values, out_lane[None, None, (m, n)])


@cute.jit
def smem_host(left: cute.Tensor, right: cute.Tensor, result: cute.Tensor):
    smem_kernel(left, right, result).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_smem():
    left = make_fake_compact_tensor(BF16, (32, 32), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(BF16, (32, 32), stride_order=(1, 0), assumed_align=16)
    result = make_fake_compact_tensor(F32, (32, 32), stride_order=(1, 0), assumed_align=16)
    return cute.compile(smem_host, left, right, result)
