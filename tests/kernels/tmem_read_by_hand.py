"""A compile-only Blackwell GEMM (sm_100a) whose two tcgen05 MMAs are NVVM ops issued by hand on flat SMEM tiles
(`nvvm_issued_mma.py`'s way: descriptors from the tiles' addresses, accumulators at integer TMEM addresses): S = X Y^T
into the columns at 0 and T = X Z^T into the columns at `MORE_AT`, the two halves of one product split in K (a
router's main and residual accumulators). The epilogue reads S by hand (`tcgen05.ld` 32x32b: each thread its lane's
row) into a register array of all its columns, then reads T 16 columns at a time into a second array and adds each
into a `local_tile` of the first; the sums are stored element by element (no copy names the output's axes), and
every 16th of them through a copy into a view of `scales` that repeats each over 16 columns (stride 0), its repeats
folded by `filter_zeros` of the copy's partition.
Before the MMAs, each thread copies 4 consecutive K values of its row of X from SMEM (`autovec_copy` from a
`zipped_divide` by (4, 1) of the row and its stages, in a `local_tile` of its warp's 32 rows of the ring) into registers and writes them by hand into TMEM (`tcgen05.st` of a `recast_tensor`
of them to words), as a kernel that decodes its A operand into TMEM does."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
from cutlass._mlir import ir
from cutlass._mlir.dialects import llvm, nvvm, vector

BF16 = cutlass.BFloat16
ROWS, COLS, DEPTH, STAGES = 128, 64, 64, 2
# kind::f16 instruction descriptor (bf16 x bf16 -> f32): N >> 3 at bit 17, M >> 4 at bit 24
PLAIN = (1 << 4) | (1 << 7) | (1 << 10) | ((COLS >> 3) << 17) | ((ROWS >> 4) << 24)
MORE_AT, WORDS_AT = 64, 256  # T's TMEM columns, then the words written by hand
SWIZZLE_128B = (1 << 46) | (2 << 61)
LANE_ROWS = nvvm.Tcgen05LdStShape.SHAPE_32X32B


def _tmem(address):
    return llvm.inttoptr(llvm.PointerType.get(cute.AddressSpace.tmem.value), cutlass.Int32(address).ir_value())


def _issue(d, a, b):
    nvvm.tcgen05_mma(nvvm.Tcgen05MMAKind.F16, nvvm.CTAGroupKind.CTA_1, _tmem(d), cutlass.Uint64(a).ir_value(),
                     cutlass.Uint64(b).ir_value(), cutlass.Int32(PLAIN).ir_value(), cutlass.Boolean(True).ir_value())


def _descriptor(view):
    return cutlass.Uint64(SWIZZLE_128B) | (view.iterator.toint() >> 4)


def _load(address, words: int):
    loaded = nvvm.tcgen05_ld(ir.VectorType.get([words], cutlass.Int32.mlir_type), LANE_ROWS, _tmem(address))
    return cute.TensorSSA(llvm.bitcast(ir.VectorType.get([words], cutlass.Float32.mlir_type), loaded), (words,),
                          cutlass.Float32)


@cute.kernel
def summed_kernel(left: cute.Tensor, right: cute.Tensor, other: cute.Tensor, out: cute.Tensor, scales: cute.Tensor):
    smem = utils.SmemAllocator()
    xs = smem.allocate_tensor(BF16, cute.make_layout((ROWS, DEPTH, STAGES), stride=(DEPTH, 1, ROWS * DEPTH)), 1024)
    ys = smem.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH), stride=(DEPTH, 1)), 1024)
    zs = smem.allocate_tensor(BF16, cute.make_layout((COLS, DEPTH), stride=(DEPTH, 1)), 1024)
    x, y, _ = cute.arch.block_idx()
    t, _, _ = cute.arch.thread_idx()
    stage = x % STAGES
    cute.autovec_copy(cute.local_tile(left, (ROWS, DEPTH), (x, 0)), xs[None, None, stage])
    cute.autovec_copy(cute.local_tile(right, (COLS, DEPTH), (y, 0)), ys)
    cute.autovec_copy(cute.local_tile(other, (COLS, DEPTH), (y, 0)), zs)
    lanes = cutlass.Int32((t // 32) * 32) << cutlass.Int32(16)
    # 4 consecutive K values of the thread's row (the divide's 1 over the stages), written into TMEM as words
    band = cute.local_tile(xs, (32, DEPTH), (t // 32, 0, None))  # the warp's 32 rows, every stage
    quads = cute.zipped_divide(band[t % 32, None, None], (4, 1))
    held = cute.make_rmem_tensor(4, BF16)
    cute.autovec_copy(quads[None, (0, stage)], held)
    words = cute.recast_tensor(held, cutlass.Int32)
    nvvm.tcgen05_st(LANE_ROWS, _tmem(lanes | cutlass.Int32(WORDS_AT)),
                    vector.from_elements(ir.VectorType.get([2], cutlass.Int32.mlir_type),
                                         [words[i].ir_value() for i in range(2)]))
    for k in cutlass.range_constexpr(DEPTH // 16):  # a k-step is 32 bytes further: 2 in the 16-byte address field
        _issue(0, _descriptor(xs[None, None, stage]) + k * 2, _descriptor(ys) + k * 2)
        _issue(MORE_AT, _descriptor(xs[None, None, stage]) + k * 2, _descriptor(zs) + k * 2)
    total = cute.make_rmem_tensor(COLS, cutlass.Float32)
    total.store(_load(lanes | cutlass.Int32(0), COLS))
    more = cute.make_rmem_tensor(16, cutlass.Float32)
    for c in cutlass.range_constexpr(COLS // 16):
        more.store(_load(lanes | cutlass.Int32(MORE_AT + c * 16), 16))
        piece = cute.local_tile(total, (16,), (c,))
        for j in cutlass.range_constexpr(16):
            piece[j] += more[j]
    for j in cutlass.range_constexpr(COLS):
        out[x * ROWS + t, y * COLS + j] = total[j]
    # one value per 16 columns of a row, written through a view that repeats it over the 16 (stride 0), by a copy
    # partition of that view with the repeats folded (`filter_zeros`)
    spread = cute.make_tensor(scales.iterator, cute.make_layout((2 * ROWS, (16, 2 * COLS // 16)),
                                                                stride=(2 * COLS // 16, (0, 1))))
    put = cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float32),
                                  cute.make_layout((ROWS, 1)), cute.make_layout((1, 1)))
    strip = put.get_slice(t).partition_D(cute.local_tile(spread, (ROWS, COLS), (x, y)))
    folded = cute.filter_zeros(strip)
    maxima = cute.make_rmem_tensor(folded.shape, cutlass.Float32)
    for j in cutlass.range_constexpr(COLS // 16):
        maxima[j] = total[j * 16]
    cute.autovec_copy(maxima, folded)


@cute.jit
def summed_host(left: cute.Tensor, right: cute.Tensor, other: cute.Tensor, out: cute.Tensor, scales: cute.Tensor):
    summed_kernel(left, right, other, out, scales).launch(grid=(2, 2, 1), block=(128, 1, 1))


def compile_summed():
    from cutlass.cute.runtime import make_fake_compact_tensor

    left = make_fake_compact_tensor(BF16, (2 * ROWS, DEPTH), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(BF16, (2 * COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    other = make_fake_compact_tensor(BF16, (2 * COLS, DEPTH), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Float32, (2 * ROWS, 2 * COLS), stride_order=(1, 0), assumed_align=16)
    scales = make_fake_compact_tensor(cutlass.Float32, (2 * ROWS, 2 * COLS // 16), stride_order=(1, 0), assumed_align=16)
    return cute.compile(summed_host, left, right, other, out, scales)
