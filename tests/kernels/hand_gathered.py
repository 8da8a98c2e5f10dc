"""Compile-only kernel with no MMA that reads a row's vectors, keeps the largest values in flat register arrays,
accumulates the vectors of other rows it gathers through views over pointers, and writes both results out of
registers it fills by hand, as top-k, MoE finalize and quantization kernels do, and stages scale bytes and zeroes a
buffer of values word by word in SMEM. No MMA and no tiler say the levels: the copies and element writes do (rules
`flattened_values`, `accumulated_vectors`, `written_out_through`, `_holds_value_bytes`, `loaded_by_hand`,
`stored_from`)."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass._mlir import ir
from cutlass._mlir.dialects import llvm, vector
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.cutlass_dsl import T, dsl_user_op
from cutlass.experimental import primitives as prims

ROWS, WIDTH, TOP, VEC, REPEATS, GATHERED = 4, 256, 8, 8, 2, 3
THREADS = WIDTH // (VEC * REPEATS)
SUMMED = 4  # the vectors of a gathered row each thread accumulates


@cute.kernel
def hand_gathered_kernel(x: cute.Tensor, top_out: cute.Tensor, x_ptr: cute.Pointer, sums_ptr: cute.Pointer,
                         amax: cute.Tensor, tiled_copy: cute.TiledCopy):
    """top_out[row] = each thread's TOP largest of its values (bf16); sums[row] = the thread's vectors of the next
    GATHERED rows, summed."""
    row, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    thr_copy = tiled_copy.get_slice(tidx)
    tile = cute.local_tile(x, (1, WIDTH), (row, 0))
    src = thr_copy.partition_S(tile)
    loaded = cute.make_rmem_tensor_like(src)
    cute.copy(tiled_copy, src, loaded)
    # one flat array of the loaded values: the first TOP, then the larger of each pair with the rest
    best = cute.make_rmem_tensor(TOP, cutlass.Float32)
    for v in cutlass.range_constexpr(TOP):
        best[v] = loaded[v].to(cutlass.Float32)
    others = cute.make_rmem_tensor(TOP, cutlass.Float32)
    for v in cutlass.range_constexpr(TOP):
        others[v] = loaded[TOP + v].to(cutlass.Float32)
        best[v] = cutlass.max(best[v], others[v])
    # the kept values dealt into (vector, repeats) registers and written out through their bf16 twin
    kept = cute.make_rmem_tensor((TOP // 2, 2), cutlass.Float32)
    for v in cutlass.range_constexpr(TOP):
        kept[v % (TOP // 2), v // (TOP // 2)] = best[v]
    kept_out = kept.load().to(cutlass.BFloat16)
    written = cute.make_rmem_tensor_like(kept, cutlass.BFloat16)
    written.store(kept_out)
    out_row = cute.tiled_divide(top_out[row, None], (TOP // 2,))
    for i in cutlass.range_constexpr(2):
        cute.autovec_copy(written[None, i], out_row[None, tidx * 2 + i])
    # other rows' vectors gathered through views over raw pointers (no tensor of the kernel's), accumulated per repeat
    wide = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=128)
    vector = cute.make_rmem_tensor((VEC,), cutlass.BFloat16)
    acc = cute.make_rmem_tensor((VEC, SUMMED), cutlass.Float32)
    acc.fill(0.0)
    for g in cutlass.range_constexpr(GATHERED):
        for r in cutlass.range_constexpr(SUMMED):
            offset = ((row + g + 1) % ROWS) * WIDTH + (r * THREADS + tidx) * VEC % WIDTH
            cute.copy(wide, _vector_at(x_ptr + offset), vector)
            for e in cutlass.range_constexpr(VEC):
                acc[e, r] = acc[e, r] + vector[e].to(cutlass.Float32)
    # scale bytes computed from a parameter read element by element, staged in SMEM; a float buffer zeroed as words
    smem = cutlass.utils.SmemAllocator()
    scale_bytes = smem.allocate_tensor(cutlass.Uint8, cute.make_layout((THREADS,)), byte_alignment=16)
    scale_bytes[tidx] = (amax[row, tidx] * 0.5).to(cutlass.Uint8)
    @cute.struct
    class Staging:
        partials: cute.struct.Align[cute.struct.MemRange[cutlass.BFloat16, 2 * THREADS], 16]

    partials = smem.allocate(Staging).partials.get_tensor(cute.make_ordered_layout((THREADS, 2), order=(1, 0)))
    partial_words = cute.make_tensor(cute.recast_ptr(partials.iterator, dtype=cutlass.Int32),
                                     cute.make_layout((THREADS,), stride=(1,)))
    partial_words[tidx] = cutlass.Int32(0)
    partial_pairs = cute.zipped_divide(partials, (1, 2))  # the buffer read by a traced call
    partial_pairs[(0, tidx % 2), (tidx // 2, 0)] = acc[0, 0].to(cutlass.BFloat16)
    # products of two rows' vectors summed, slice by slice, into registers made before the rows' registers (of a
    # layout no tensor traced before has: nothing but the stores says what they hold)
    squares = cute.make_rmem_tensor((VEC, 3), cutlass.Float32)
    this_row = cute.tiled_divide(x[row, None], (VEC,))
    next_row = cute.tiled_divide(x[(row + 1) % ROWS, None], (VEC,))
    tiles = cute.make_rmem_tensor((VEC, 3), cutlass.BFloat16)
    next_tiles = cute.make_rmem_tensor((VEC, 3), cutlass.BFloat16)
    for c in cutlass.range_constexpr(3):
        cute.autovec_copy(this_row[None, c * THREADS + tidx], tiles[None, c])
        cute.autovec_copy(next_row[None, c * THREADS + tidx], next_tiles[None, c])
        product = tiles[None, c].load().to(cutlass.Float32) * next_tiles[None, c].load().to(cutlass.Float32)
        squares[None, c].store(squares[None, c].load() + product)
    # a vector loaded by hand-written PTX into registers stored whole
    words = cute.make_rmem_tensor(cute.make_layout((4,)), cutlass.Uint32)
    words.store(_load_u32x4(x_ptr + row * WIDTH + tidx * VEC))
    # a vector loaded by a load op issued by hand, written into registers element by element
    halfwords = prims.load_ext(x_ptr + row * WIDTH + tidx * VEC, dtype=cutlass.Int16, count=VEC)
    as_f32 = halfwords.bitcast(cutlass.BFloat16).to(cutlass.Float32)
    picked = cute.make_rmem_tensor((VEC,), cutlass.Float32)
    for e in cutlass.range_constexpr(VEC):
        picked[e] = as_f32[e]
    summed = cute.make_rmem_tensor((VEC,), cutlass.BFloat16)
    for r in cutlass.range_constexpr(SUMMED):
        summed.store(acc[None, r].load().to(cutlass.BFloat16))
        cute.copy(wide, summed, _vector_at(sums_ptr + row * WIDTH + (r * THREADS + tidx) * VEC % WIDTH))


@dsl_user_op
def _load_u32x4(pointer, *, loc=None, ip=None):
    """Four 32-bit words at `pointer`, by one hand-written 128-bit global load."""
    loaded = llvm.inline_asm(llvm.StructType.get_literal([T.i32()] * 4), [pointer.toint().ir_value(loc=loc, ip=ip)],
                             "ld.global.v4.u32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l", has_side_effects=False,
                             is_align_stack=False, asm_dialect=llvm.AsmDialect.AD_ATT, loc=loc, ip=ip)
    words = vector.from_elements(ir.VectorType.get([4], T.i32(), loc=loc),
                                 [llvm.extractvalue(T.i32(), loaded, [i], loc=loc, ip=ip) for i in range(4)],
                                 loc=loc, ip=ip)
    return cute.TensorSSA(words, 4, cutlass.Uint32)


def _vector_at(pointer):
    return cute.make_tensor(cute.make_ptr(cutlass.BFloat16, pointer.toint(), cute.AddressSpace.gmem,
                                          assumed_align=16), cute.make_layout((VEC,)))


@cute.jit
def hand_gathered_host(x: cute.Tensor, top_out: cute.Tensor, sums: cute.Tensor, amax: cute.Tensor):
    thread_layout = cute.make_layout((1, THREADS), stride=(THREADS, 1))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=128)
    tiled_copy = cute.make_tiled_copy_tv(atom, thread_layout, cute.make_layout((1, VEC)))
    hand_gathered_kernel(x, top_out, x.iterator, sums.iterator, amax, tiled_copy).launch(grid=(ROWS, 1, 1), block=(THREADS, 1, 1))


def _tensor(shape, dtype=cutlass.BFloat16):
    return make_fake_compact_tensor(dtype, shape, stride_order=(1, 0), assumed_align=16)


def compile_hand_gathered():
    return cute.compile(hand_gathered_host, _tensor((ROWS, WIDTH)), _tensor((ROWS, THREADS * TOP)),
                        _tensor((ROWS, WIDTH)), _tensor((ROWS, THREADS), cutlass.Float32))
