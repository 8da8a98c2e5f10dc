"""Compile-only kernels with no MMA of the quantizer / MoE combine class, written by hand as such kernels are:

- `ScaledCombine`: each thread sums one 16-column tile of a token's top-k expert rows, weighted by the router's
  scores. The rows are cut by a `zipped_divide` sliced in the same statement at the thread's tile (a nested tile
  mode kept whole), the scores copied into registers from the (tokens, top_k) table, the registers made from bare
  shapes after the output chunk (so their shape alone matches it), the sum written through a view that only
  restates the output chunk's pointer alignment.
- `PackedQuant`: each thread converts its 16-value block, viewed over a raw pointer, to 8-bit codes and writes them
  by hand through a pointer as two words of a recast of the codes.
- `PackedDequant`: each thread copies its block's 16 codes, recasts them to words and back, and widens them.
- `Exchange`: each thread stores its values into an SMEM buffer viewed by hand in one thread order and loads
  them back in another (a transform's exchange between threads).
- `TableWeights`: the router's (tokens, top_k) weights laid out by the host over a pointer, read by the kernel
  element by element into registers (the parameter itself no call traces).
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream, make_ptr

HIDDEN, TOP_K, VEC = 256, 4, 16
TILES = HIDDEN // VEC


class ScaledCombine:
    @cute.jit
    def __call__(self, rows: cute.Tensor, scores: cute.Tensor, out: cute.Tensor, stream):
        # static top-k and hidden extents over the host tensors, as a launcher pins them
        rows = cute.make_tensor(rows.iterator, cute.make_layout((rows.shape[0], TOP_K, HIDDEN), stride=rows.stride))
        scores = cute.make_tensor(scores.iterator, cute.make_layout((scores.shape[0], TOP_K), stride=scores.stride))
        out = cute.make_tensor(out.iterator, cute.make_layout((out.shape[0], HIDDEN), stride=out.stride))
        self.kernel(rows, scores, out).launch(grid=(out.shape[0], 1, 1), block=(TILES, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, rows: cute.Tensor, scores: cute.Tensor, out: cute.Tensor):
        token, _, _ = cute.arch.block_idx()
        tile, _, _ = cute.arch.thread_idx()
        weight = cute.make_rmem_tensor((TOP_K,), cutlass.Float32)
        cute.autovec_copy(scores[token, None], weight)
        terms = cute.zipped_divide(rows[token, None, None], (TOP_K, VEC))[(None, None), (0, tile)]
        chunk = cute.zipped_divide(out[token, None], (VEC,))[(None,), (tile,)]
        total = cute.make_rmem_tensor((VEC,), cutlass.Float32)
        total.fill(0.0)
        for k in cutlass.range_constexpr(TOP_K):
            term = cute.make_rmem_tensor((VEC,), cutlass.BFloat16)
            cute.autovec_copy(terms[k, None], term)
            wide = cute.make_rmem_tensor((VEC,), cutlass.Float32)
            wide.store(term.load().to(cutlass.Float32))
            for i in cutlass.range_constexpr(VEC):
                total[i] = total[i] + wide[i] * weight[k]
        result = cute.make_rmem_tensor((VEC,), cutlass.BFloat16)
        result.store(total.load().to(cutlass.BFloat16))
        aligned = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, chunk.iterator.toint(), cute.AddressSpace.gmem,
                                                 assumed_align=32), chunk.layout)
        cute.autovec_copy(result, aligned)


class PackedQuant:
    @cute.jit
    def __call__(self, x: cute.Tensor, codes: cute.Tensor, stream):
        self.kernel(x, codes).launch(grid=(x.shape[0], 1, 1), block=(TILES, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, codes: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        offset = cutlass.Int64(row) * HIDDEN + cutlass.Int64(block) * VEC
        source = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, (x.iterator + offset).llvm_ptr,
                                                cute.AddressSpace.gmem, assumed_align=32), cute.make_layout((VEC,)))
        loaded = cute.make_rmem_tensor((VEC,), cutlass.BFloat16)
        cute.autovec_copy(source, loaded)
        scaled = cute.make_rmem_tensor((VEC,), cutlass.Float32)
        scaled.store(loaded.load().to(cutlass.Float32) * cutlass.Float32(0.5))
        code_regs = cute.make_rmem_tensor((VEC,), cutlass.Float8E4M3FN)
        code_regs.store(scaled.load().to(cutlass.Float8E4M3FN))
        words = cute.recast_tensor(code_regs, cutlass.Int64)
        out_ptr = cute.make_ptr(cutlass.Int64, codes.iterator.toint(), cute.AddressSpace.gmem, assumed_align=16)
        for w in cutlass.range_constexpr(2):
            (out_ptr + cutlass.Int64(row) * (HIDDEN // 8) + cutlass.Int64(block) * 2 + w).store(words[w])


class PackedDequant:
    @cute.jit
    def __call__(self, codes: cute.Tensor, y: cute.Tensor, stream):
        self.kernel(codes, y).launch(grid=(y.shape[0], 1, 1), block=(TILES, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, codes: cute.Tensor, y: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        offset = cutlass.Int64(row) * HIDDEN + cutlass.Int64(block) * VEC
        code_view = cute.make_tensor(cute.make_ptr(cutlass.Uint8, (codes.iterator + offset).llvm_ptr,
                                                   cute.AddressSpace.gmem, assumed_align=16), cute.make_layout((VEC,)))
        code_bytes = cute.make_rmem_tensor((VEC,), cutlass.Uint8)
        cute.autovec_copy(code_view, code_bytes)
        fp8_codes = cute.recast_tensor(code_bytes, cutlass.Float8E4M3FN)
        widened = cute.make_rmem_tensor((VEC,), cutlass.Float32)
        widened.store(fp8_codes.load().to(cutlass.Float32) * cutlass.Float32(2.0))
        out_regs = cute.make_rmem_tensor((VEC,), cutlass.BFloat16)
        out_regs.store(widened.load().to(cutlass.BFloat16))
        target = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, (y.iterator + offset).llvm_ptr,
                                                cute.AddressSpace.gmem, assumed_align=32), cute.make_layout((VEC,)))
        cute.autovec_copy(out_regs, target)


class Exchange:
    @cute.jit
    def __call__(self, x: cute.Tensor, y: cute.Tensor, stream):
        self.kernel(x, y).launch(grid=(x.shape[0], 1, 1), block=(TILES, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, y: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        tidx, _, _ = cute.arch.thread_idx()
        buffer = cutlass.utils.SmemAllocator().allocate_tensor(cutlass.Float32, cute.make_layout(HIDDEN), 16)
        mine = cute.make_rmem_tensor((VEC,), cutlass.Float32)
        for i in cutlass.range_constexpr(VEC):
            mine[i] = x[row, tidx * VEC + i].to(cutlass.Float32)
        by_thread = cute.make_tensor(buffer.iterator, cute.make_layout((TILES, VEC), stride=(VEC, 1)))
        by_value = cute.make_tensor(buffer.iterator, cute.make_layout((TILES, VEC), stride=(1, TILES)))
        cute.autovec_copy(mine, by_thread[tidx, None])
        cute.arch.barrier()
        theirs = cute.make_rmem_tensor((VEC,), cutlass.Float32)
        cute.autovec_copy(by_value[tidx, None], theirs)
        for i in cutlass.range_constexpr(VEC):
            y[row, tidx * VEC + i] = theirs[i].to(y.element_type)


class TableWeights:
    @cute.jit
    def __call__(self, weights_ptr: cute.Pointer, y: cute.Tensor, num_tokens: cutlass.Int32, stream):
        table = cute.make_tensor(weights_ptr, cute.make_layout((num_tokens, TOP_K), stride=(TOP_K, 1)))
        self.kernel(table, y).launch(grid=(num_tokens, 1, 1), block=(1, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, table: cute.Tensor, y: cute.Tensor):
        token, _, _ = cute.arch.block_idx()
        slot_weights = cute.make_rmem_tensor((TOP_K,), cutlass.Float32)
        for k in cutlass.range_constexpr(TOP_K):
            slot_weights[k] = table[token, k]
        total = cutlass.Float32(0.0)
        for k in cutlass.range_constexpr(TOP_K):
            total += slot_weights[k]
        y[token, 0] = total.to(y.element_type)


def _rows(dtype, *extents):
    tokens = cute.sym_int()
    return make_fake_compact_tensor(dtype, (tokens, *extents), stride_order=tuple(range(len(extents), -1, -1)),
                                    assumed_align=32)


def compile_scaled_combine():
    return cute.compile(ScaledCombine(), _rows(cutlass.BFloat16, TOP_K, HIDDEN), _rows(cutlass.Float32, TOP_K),
                        _rows(cutlass.BFloat16, HIDDEN), make_fake_stream())


def compile_packed_quant():
    return cute.compile(PackedQuant(), _rows(cutlass.BFloat16, HIDDEN), _rows(cutlass.Uint8, HIDDEN),
                        make_fake_stream())


def compile_packed_dequant():
    return cute.compile(PackedDequant(), _rows(cutlass.Uint8, HIDDEN), _rows(cutlass.BFloat16, HIDDEN),
                        make_fake_stream())


def compile_table_weights():
    return cute.compile(TableWeights(), make_ptr(cutlass.Float32, 16, cute.AddressSpace.gmem, assumed_align=16),
                        _rows(cutlass.BFloat16, HIDDEN), cutlass.Int32(8), make_fake_stream())


def compile_exchange():
    return cute.compile(Exchange(), _rows(cutlass.BFloat16, HIDDEN), _rows(cutlass.BFloat16, HIDDEN), make_fake_stream())
