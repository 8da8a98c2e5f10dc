"""A compile-only Blackwell mainloop whose tcgen05 MMAs are NVVM ops issued by hand (sm_100a), no CuTe MMA object
anywhere: flat SMEM tiles (rows, columns, stages), each filled by a plain copy from a global tile, read through
SMEM descriptors built by integer arithmetic on `tile[None, None, stage].iterator.toint()`; the accumulators are
plain integer TMEM addresses. The first MMA reads `lhs` (A) and `rhs` (B), both K-major (K the contiguous mode);
the second reads A from TMEM (an integer address again) and `cols` as B, MN-major (its instruction descriptor's
transpose-B bit: the contiguous mode is N). `cols` is laid as (rows, 1, (32, 2), stages): a rank-4 buffer that no
MMA layout made. No traced tensor holds either accumulator, so the slots come only from the operands' addresses.
Its epilogue reads the first accumulator by hand (`nvvm.tcgen05_ld` 32x32b at a constant column in its columns)
into registers, copied to each thread's row chunk of the output.
Its second kernel issues a block-scaled MMA (`nvvm.tcgen05_mma_block_scale`) whose scale factors it reads at two
integer TMEM addresses, where `tcgen05.cp` copied two flat SMEM tiles of scales (packed words, blocks of 128 rows,
stages) through descriptors of their addresses.
Its third kernel chains two MMAs through TMEM integer addresses only: S = X Y^T into the columns at 0; each warp
reads its lanes of S by hand (`tcgen05.ld` 16x256b), scales them, converts them to bf16 in a register tensor and
writes them back by hand (`tcgen05.st` 16x128b, through a recast of that tensor to words) into the columns at
`PROBS_AT`, which the second MMA reads as its A (O = P Z, Z MN-major): an attention's two products, which only
the TMEM addresses and the stored registers tie together.
Its fourth kernel keeps a recurrent state H in TMEM: R = H W^T (A H's bf16 copy in TMEM), H += R K (A R's bf16
copy in TMEM); each thread reads its lane's row of H by hand, writes it back decayed over H's own columns and
as bf16 where R's MMA reads it, and writes R's row as bf16 where H's MMA reads it (a chunked delta rule's step).
Its fifth kernel writes into TMEM by hand registers no TMEM read filled: zeros, bf16 values computed from a ramp
of registers, and a row of its input a copy loaded.
Its sixth kernel keeps its SMEM descriptors in registers (a 64-bit word written over two 32-bit words, a k-step's
descriptor a new pair: the low word advanced, the high one copied) and issues its MMAs on the words read back; its
tiles are filled by nothing traced (a TMA issued by hand would), so only the MMA reads them."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
from cutlass._mlir import ir
from cutlass._mlir.dialects import llvm, nvvm, vector

BF16, F8 = cutlass.BFloat16, cutlass.Float8E4M3FN
ROWS, COLS, DEPTH, STAGES = 128, 64, 64, 2
# kind::f16 instruction descriptors (bf16 x bf16 -> f32): N >> 3 at bit 17, M >> 4 at bit 24; bit 16 transposes B
PLAIN = (1 << 4) | (1 << 7) | (1 << 10) | ((COLS >> 3) << 17) | ((ROWS >> 4) << 24)
B_TRANSPOSED = PLAIN | (1 << 16)
SCALED = ((COLS >> 3) << 17) | (1 << 23) | ((ROWS >> 7) << 27)  # kind::mxf8f6f4, scales per 32 K values
SCALES_AT = 496  # the TMEM columns the scale factors are copied to
PROBS_AT, OUT_AT = 64, 128  # the third kernel's TMEM columns: P (bf16 pairs), then O
UPDATE_AT, HALF_AT, UPDATE_HALF_AT = 64, 128, 160  # the fourth's, past its state H at 0: R, H in bf16, R in bf16
SWIZZLE_128B = (1 << 46) | (2 << 61)  # an SMEM descriptor's fixed fields; the start address is or-ed in


def _tmem(address):
    return llvm.inttoptr(llvm.PointerType.get(cute.AddressSpace.tmem.value), cutlass.Int32(address).ir_value())


def _issue(d, a, b, instruction: int, a_in_tmem: bool):
    nvvm.tcgen05_mma(nvvm.Tcgen05MMAKind.F16, nvvm.CTAGroupKind.CTA_1, _tmem(d),
                     _tmem(a) if a_in_tmem else cutlass.Uint64(a).ir_value(), cutlass.Uint64(b).ir_value(),
                     cutlass.Int32(instruction).ir_value(), cutlass.Boolean(True).ir_value())


def _descriptor(view):
    return cutlass.Uint64(SWIZZLE_128B) | (view.iterator.toint() >> 4)


@cute.kernel
def nvvm_kernel(left: cute.Tensor, right: cute.Tensor, wide: cute.Tensor, out: cute.Tensor):
    smem = utils.SmemAllocator()
    lhs = smem.allocate_tensor(BF16, cute.make_layout((ROWS, DEPTH, STAGES), stride=(DEPTH, 1, ROWS * DEPTH)), 1024)
    rhs = smem.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH, STAGES), stride=(DEPTH, 1, COLS * DEPTH)), 1024)
    cols = smem.allocate_tensor(BF16, cute.make_layout((DEPTH, 1, (32, 2), STAGES),
                                                       stride=(32, 0, (1, DEPTH * 32), DEPTH * COLS)), 1024)
    x, y, _ = cute.arch.block_idx()
    stage = x % STAGES
    cute.autovec_copy(cute.local_tile(left, (ROWS, DEPTH), (x, 0)), lhs[None, None, stage])
    cute.autovec_copy(cute.local_tile(right, (COLS, DEPTH), (y, 0)), rhs[None, None, stage])
    cute.autovec_copy(cute.local_tile(wide, (DEPTH, 1, COLS), (x, y, 0)), cols[None, None, None, stage])
    sums, more = 0, COLS
    for k in cutlass.range_constexpr(DEPTH // 16):  # a k-step is 32 bytes further: 2 in the 16-byte address field
        _issue(sums, _descriptor(lhs[None, None, stage]) + k * 2, _descriptor(rhs[None, None, stage]) + k * 2,
               PLAIN, False)
    for k in cutlass.range_constexpr(DEPTH // 16):
        _issue(more, 2 * COLS + k * 8, _descriptor(cols[None, None, None, stage]) + k * 64, B_TRANSPOSED, True)
    # the epilogue: each thread reads its lane's row of the first accumulator, 16 columns at a time, by hand
    # (tcgen05.ld 32x32b at `(row << 16) | column`), and stores them to its row's 16-wide chunk of the output
    t, _, _ = cute.arch.thread_idx()
    chunks = cute.zipped_divide(out, (1, 16))
    put = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float32, num_bits_per_copy=128)
    for c in cutlass.range_constexpr(COLS // 16):
        address = (cutlass.Int32((t // 32) * 32) << cutlass.Int32(16)) | cutlass.Int32(sums + c * 16)
        words = nvvm.tcgen05_ld(ir.VectorType.get([16], cutlass.Int32.mlir_type), nvvm.Tcgen05LdStShape.SHAPE_32X32B,
                                _tmem(address))
        row = cute.make_rmem_tensor(16, cutlass.Float32)
        row.store(cute.TensorSSA(llvm.bitcast(ir.VectorType.get([16], cutlass.Float32.mlir_type), words), (16,),
                                 cutlass.Float32))
        cute.copy(put, row, chunks[None, (x * ROWS + t, y * (COLS // 16) + c)])


@cute.kernel
def scaled_kernel(left: cute.Tensor, right: cute.Tensor):
    smem = utils.SmemAllocator()
    lhs = smem.allocate_tensor(F8, cute.make_layout((ROWS, 128, STAGES), stride=(128, 1, ROWS * 128)), 1024)
    rhs = smem.allocate_tensor(F8, cute.make_layout((COLS, 128, STAGES), stride=(128, 1, COLS * 128)), 1024)
    # one 512-byte block of a 128-row block's scales (64 words), one row block, stages
    scales_l = smem.allocate_tensor(cutlass.Int64, cute.make_layout((64, 1, STAGES), stride=(1, 64, 64)), 128)
    scales_r = smem.allocate_tensor(cutlass.Int64, cute.make_layout((64, 1, STAGES), stride=(1, 64, 64)), 128)
    x, y, _ = cute.arch.block_idx()
    stage = x % STAGES
    cute.autovec_copy(cute.local_tile(left, (ROWS, 128), (x, 0)), lhs[None, None, stage])
    cute.autovec_copy(cute.local_tile(right, (COLS, 128), (y, 0)), rhs[None, None, stage])
    for at, tile in ((SCALES_AT, scales_l), (SCALES_AT + 4, scales_r)):
        nvvm.tcgen05_cp(nvvm.Tcgen05CpShape.SHAPE_32x128b, _tmem(at), _descriptor(tile[None, None, stage]),
                        multicast=nvvm.Tcgen05CpMulticast.WARPX4)
    nvvm.tcgen05_mma_block_scale(nvvm.Tcgen05MMAKind.MXF8F6F4, nvvm.CTAGroupKind.CTA_1, _tmem(0),
                                 _descriptor(lhs[None, None, stage]).ir_value(),
                                 _descriptor(rhs[None, None, stage]).ir_value(), cutlass.Int32(SCALED).ir_value(),
                                 cutlass.Boolean(True).ir_value(), _tmem(SCALES_AT), _tmem(SCALES_AT + 4))


@cute.kernel
def scores_kernel(first: cute.Tensor, second: cute.Tensor, third: cute.Tensor):
    smem = utils.SmemAllocator()
    xs = smem.allocate_tensor(BF16, cute.make_layout((ROWS, DEPTH, STAGES), stride=(DEPTH, 1, ROWS * DEPTH)), 1024)
    ys = smem.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH, STAGES), stride=(DEPTH, 1, COLS * DEPTH)), 1024)
    zs = smem.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH, STAGES), stride=(DEPTH, 1, COLS * DEPTH)), 1024)
    x, _, _ = cute.arch.block_idx()
    stage = x % STAGES
    cute.autovec_copy(cute.local_tile(first, (ROWS, DEPTH), (x, 0)), xs[None, None, stage])
    cute.autovec_copy(cute.local_tile(second, (COLS, DEPTH), (0, 0)), ys[None, None, stage])
    cute.autovec_copy(cute.local_tile(third, (COLS, DEPTH), (0, 0)), zs[None, None, stage])
    for k in cutlass.range_constexpr(DEPTH // 16):
        _issue(0, _descriptor(xs[None, None, stage]) + k * 2, _descriptor(ys[None, None, stage]) + k * 2, PLAIN,
               False)
    # a warp reads 16 lanes of S, all 64 columns (16x256b x8: 32 words), and writes them back as 16 words of bf16 pairs
    t, _, _ = cute.arch.thread_idx()
    lanes = cutlass.Int32((t // 32) * 32) << cutlass.Int32(16)
    scores = _load(lanes | cutlass.Int32(0), 32, nvvm.Tcgen05LdStShape.SHAPE_16X256B)
    probs = cute.make_rmem_tensor(32, BF16)
    probs.store((scores * 0.125).to(BF16))
    _store(lanes | cutlass.Int32(PROBS_AT), probs, nvvm.Tcgen05LdStShape.SHAPE_16X128B)
    # O = P Z: A from P's columns (16 tokens = 8 columns of bf16 pairs a k-step), B MN-major (16 rows of Z a step)
    for k in cutlass.range_constexpr(COLS // 16):
        _issue(OUT_AT, PROBS_AT + k * 8, _descriptor(zs[None, None, stage]) + k * 128, B_TRANSPOSED, True)


@cute.kernel
def state_kernel(first: cute.Tensor, second: cute.Tensor):
    smem = utils.SmemAllocator()
    ks = smem.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH, STAGES), stride=(DEPTH, 1, COLS * DEPTH)), 1024)
    ws = smem.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH, STAGES), stride=(DEPTH, 1, COLS * DEPTH)), 1024)
    x, _, _ = cute.arch.block_idx()
    stage = x % STAGES
    cute.autovec_copy(cute.local_tile(first, (COLS, DEPTH), (x, 0)), ks[None, None, stage])
    cute.autovec_copy(cute.local_tile(second, (COLS, DEPTH), (x, 0)), ws[None, None, stage])
    # R = H W^T: A the state's bf16 copy in TMEM (rows x DEPTH), B `ws` K-major (its rows R's columns)
    for k in cutlass.range_constexpr(DEPTH // 16):
        _issue(UPDATE_AT, HALF_AT + k * 8, _descriptor(ws[None, None, stage]) + k * 2, PLAIN, True)
    # H += R K: A R's bf16 copy in TMEM (rows x COLS), B `ks` MN-major (its rows contracted, DEPTH contiguous)
    for k in cutlass.range_constexpr(COLS // 16):
        _issue(0, UPDATE_HALF_AT + k * 8, _descriptor(ks[None, None, stage]) + k * 128, B_TRANSPOSED, True)
    # each thread its lane's row (32x32b): H decayed in place and copied as bf16 for R; R copied as bf16 for H
    t, _, _ = cute.arch.thread_idx()
    lanes = cutlass.Int32((t // 32) * 32) << cutlass.Int32(16)
    for c in cutlass.range_constexpr(DEPTH // 32):
        state = _load(lanes | cutlass.Int32(c * 32), 32, nvvm.Tcgen05LdStShape.SHAPE_32X32B)
        decayed = cute.make_rmem_tensor(32, cutlass.Float32)
        decayed.store(state * 0.5)
        _store(lanes | cutlass.Int32(c * 32), decayed, nvvm.Tcgen05LdStShape.SHAPE_32X32B)
        half = cute.make_rmem_tensor(32, BF16)
        half.store(state.to(BF16))
        _store(lanes | cutlass.Int32(HALF_AT + c * 16), half, nvvm.Tcgen05LdStShape.SHAPE_32X32B)
    for c in cutlass.range_constexpr(COLS // 32):
        update = cute.make_rmem_tensor(32, BF16)
        update.store(_load(lanes | cutlass.Int32(UPDATE_AT + c * 32), 32, nvvm.Tcgen05LdStShape.SHAPE_32X32B).to(BF16))
        _store(lanes | cutlass.Int32(UPDATE_HALF_AT + c * 16), update, nvvm.Tcgen05LdStShape.SHAPE_32X32B)


@cute.kernel
def stored_kernel(first: cute.Tensor, second: cute.Tensor):
    tiles = utils.SmemAllocator()  # one stage: the MMA is here only for the kernel to have one
    xs = tiles.allocate_tensor(BF16, cute.make_layout((ROWS, DEPTH), stride=(DEPTH, 1)), 1024)
    ys = tiles.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH), stride=(DEPTH, 1)), 1024)
    cute.autovec_copy(cute.local_tile(first, (ROWS, DEPTH), (0, 0)), xs)
    cute.autovec_copy(second, ys)
    _issue(0, _descriptor(xs), _descriptor(ys), PLAIN, False)
    # registers written into TMEM by hand that no TMEM read filled: zeros, values computed from a ramp, and a
    # row of `first` a copy loaded
    t, _, _ = cute.arch.thread_idx()
    lanes = cutlass.Int32((t // 32) * 32) << cutlass.Int32(16)
    blank = cute.make_rmem_tensor(32, cutlass.Float32)
    blank.fill(0.0)
    _store(lanes | cutlass.Int32(PROBS_AT), blank, nvvm.Tcgen05LdStShape.SHAPE_32X32B)
    ramp = cute.make_rmem_tensor(32, cutlass.Float32)
    for i in cutlass.range_constexpr(32):
        ramp[i] = cutlass.Float32(i * 0.5)
    weights = cute.make_rmem_tensor(32, BF16)
    weights.store(ramp.load().to(BF16))
    _store(lanes | cutlass.Int32(OUT_AT), weights, nvvm.Tcgen05LdStShape.SHAPE_32X32B)
    staged = cute.make_rmem_tensor(DEPTH, BF16)
    cute.autovec_copy(first[t, None], staged)
    _store(lanes | cutlass.Int32(OUT_AT + 16), staged, nvvm.Tcgen05LdStShape.SHAPE_32X32B)


@cute.kernel
def held_kernel():
    tiles = utils.SmemAllocator()
    ls = tiles.allocate_tensor(BF16, cute.make_layout((ROWS, DEPTH, STAGES), stride=(DEPTH, 1, ROWS * DEPTH)), 1024)
    rs = tiles.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH, STAGES), stride=(DEPTH, 1, COLS * DEPTH)), 1024)
    x, _, _ = cute.arch.block_idx()
    stage = x % STAGES
    left, right = _held(_descriptor(ls[None, None, stage])), _held(_descriptor(rs[None, None, stage]))
    for k in cutlass.range_constexpr(DEPTH // 16):
        a, b = _advanced(left[0], k * 2), _advanced(right[0], k * 2)
        nvvm.tcgen05_mma(nvvm.Tcgen05MMAKind.F16, nvvm.CTAGroupKind.CTA_1, _tmem(0), a[1][0].ir_value(),
                         b[1][0].ir_value(), cutlass.Int32(PLAIN).ir_value(), cutlass.Boolean(True).ir_value())


def _held(word):
    """A descriptor kept in registers: two 32-bit words, written as one 64-bit word over them."""
    halves = cute.make_rmem_tensor((2,), cutlass.Int32)
    whole = cute.make_tensor(cute.recast_ptr(halves.iterator, dtype=cutlass.Int64), (1,))
    whole[0] = cutlass.Int64(word)
    return halves, whole


def _advanced(halves, step: int):
    """The descriptor `step` 16-byte units further: a new pair of words, the low one advanced."""
    moved = cute.make_rmem_tensor((2,), cutlass.Int32)
    whole = cute.make_tensor(cute.recast_ptr(moved.iterator, dtype=cutlass.Int64), (1,))
    moved[0] = halves[0] + step
    moved[1] = halves[1]
    return moved, whole


def _load(address, words: int, shape):
    """`words` f32 registers read by hand (`tcgen05.ld`) at a TMEM address."""
    loaded = nvvm.tcgen05_ld(ir.VectorType.get([words], cutlass.Int32.mlir_type), shape, _tmem(address))
    return cute.TensorSSA(llvm.bitcast(ir.VectorType.get([words], cutlass.Float32.mlir_type), loaded), (words,),
                          cutlass.Float32)


def _store(address, registers, shape):
    """A register tensor written by hand (`tcgen05.st`) at a TMEM address, as words."""
    packed = cute.recast_tensor(registers, cutlass.Int32)
    words = cute.size(packed)
    nvvm.tcgen05_st(shape, _tmem(address), vector.from_elements(ir.VectorType.get([words], cutlass.Int32.mlir_type),
                                                                [packed[i].ir_value() for i in range(words)]))


@cute.jit
def nvvm_host(left: cute.Tensor, right: cute.Tensor, wide: cute.Tensor, out: cute.Tensor):
    nvvm_kernel(left, right, wide, out).launch(grid=(2, 2, 1), block=(128, 1, 1))


@cute.jit
def scaled_host(left: cute.Tensor, right: cute.Tensor):
    scaled_kernel(left, right).launch(grid=(2, 2, 1), block=(128, 1, 1))


@cute.jit
def scores_host(first: cute.Tensor, second: cute.Tensor, third: cute.Tensor):
    scores_kernel(first, second, third).launch(grid=(2, 1, 1), block=(128, 1, 1))


@cute.jit
def state_host(first: cute.Tensor, second: cute.Tensor):
    state_kernel(first, second).launch(grid=(2, 1, 1), block=(128, 1, 1))


@cute.jit
def stored_host(first: cute.Tensor, second: cute.Tensor):
    stored_kernel(first, second).launch(grid=(2, 1, 1), block=(128, 1, 1))


@cute.jit
def held_host():
    held_kernel().launch(grid=(2, 1, 1), block=(128, 1, 1))


def compile_held():
    return cute.compile(held_host)


def compile_nvvm():
    from cutlass.cute.runtime import make_fake_compact_tensor

    left = make_fake_compact_tensor(BF16, (2 * ROWS, DEPTH), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(BF16, (2 * COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    wide = make_fake_compact_tensor(BF16, (2 * DEPTH, 2, COLS), stride_order=(2, 1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Float32, (2 * ROWS, 2 * COLS), stride_order=(1, 0), assumed_align=16)
    return cute.compile(nvvm_host, left, right, wide, out)


def compile_scaled():
    from cutlass.cute.runtime import make_fake_compact_tensor

    left = make_fake_compact_tensor(F8, (2 * ROWS, 128), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(F8, (2 * COLS, 128), stride_order=(1, 0), assumed_align=16)
    return cute.compile(scaled_host, left, right)


def compile_scores():
    from cutlass.cute.runtime import make_fake_compact_tensor

    first = make_fake_compact_tensor(BF16, (2 * ROWS, DEPTH), stride_order=(1, 0), assumed_align=16)
    second = make_fake_compact_tensor(BF16, (COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    third = make_fake_compact_tensor(BF16, (COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    return cute.compile(scores_host, first, second, third)


def compile_state():
    from cutlass.cute.runtime import make_fake_compact_tensor

    first = make_fake_compact_tensor(BF16, (2 * COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    second = make_fake_compact_tensor(BF16, (2 * COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    return cute.compile(state_host, first, second)


def compile_stored():
    from cutlass.cute.runtime import make_fake_compact_tensor

    first = make_fake_compact_tensor(BF16, (2 * ROWS, DEPTH), stride_order=(1, 0), assumed_align=16)
    second = make_fake_compact_tensor(BF16, (COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    return cute.compile(stored_host, first, second)
