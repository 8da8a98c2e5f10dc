"""A compile-only gated quantizer with no MMA, written by hand as such kernels are (`GatedWords`): each thread
quantizes one 16-value block of a row of silu(x) * b. Its values array is made before the two arrays it is computed
from (each copied from its row by a 128-bit copy of a `tiled_divide`); each value is clamped by a run-time `x if c
else y` in a helper (an `scf.if` the value comes out of); the codes are packed four to a word, the words moved
unchanged into the registers a copy stores through a view made over a raw pointer. `LaunchedViews`: the host lays
flat views over raw pointers in the launch's argument list itself (a decode kernel's habit), the kernel reads and
writes them element by element.
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream, make_ptr

HIDDEN, VEC, CHUNK, WORDS = 256, 16, 8, 4
BLOCKS = HIDDEN // VEC
LIMIT = 448.0


@cute.jit
def _clamped(x: cutlass.Float32, limit: cutlass.Float32) -> cutlass.Float32:
    low = cute.arch.fmax(x, -limit)
    return limit if low > limit else low


@cute.jit
def _load_block(rows: cute.Tensor, row, block):
    """The block's 16 values of `rows[row, None]` as fp32, copied by 8-value chunks."""
    chunks = cute.tiled_divide(rows[row, None], (CHUNK,))
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=128)
    block_values = cute.make_rmem_tensor(VEC, cutlass.Float32)
    for c in cutlass.range_constexpr(VEC // CHUNK):
        chunk_regs = cute.make_rmem_tensor(CHUNK, cutlass.BFloat16)
        cute.copy(atom, chunks[None, block * (VEC // CHUNK) + c], chunk_regs)
        for i in cutlass.range_constexpr(CHUNK):
            block_values[c * CHUNK + i] = chunk_regs[i].to(cutlass.Float32)
    return block_values


class GatedWords:
    @cute.jit
    def __call__(self, x: cute.Tensor, b: cute.Tensor, codes: cute.Tensor, stream):
        self.kernel(x, b, codes).launch(grid=(x.shape[0], 1, 1), block=(BLOCKS, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, b: cute.Tensor, codes: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        block, _, _ = cute.arch.thread_idx()
        gated = cute.make_rmem_tensor(VEC, cutlass.Float32)
        x_values = _load_block(x, row, block)
        b_values = _load_block(b, row, block)
        for i in cutlass.range_constexpr(VEC):
            gated[i] = x_values[i] / (cutlass.Float32(1.0) + cute.math.exp(-x_values[i])) * b_values[i]
        limited = cute.make_rmem_tensor(VEC, cutlass.Float32)
        for i in cutlass.range_constexpr(VEC):
            limited[i] = _clamped(gated[i] * cutlass.Float32(0.25), cutlass.Float32(LIMIT))
        words = cute.make_rmem_tensor(WORDS, cutlass.Uint32)
        for w in cutlass.range_constexpr(WORDS):
            word = cutlass.Uint32(0)
            for i in cutlass.range_constexpr(VEC // WORDS):
                word = word | (cutlass.Uint32(limited[w * (VEC // WORDS) + i].to(cutlass.Int32)) & 0xFF) << (8 * i)
            words[w] = word
        out_words = cute.make_rmem_tensor(WORDS, cutlass.Uint32)
        for w in cutlass.range_constexpr(WORDS):
            out_words[w] = words[w]
        address = (codes.iterator + cute.crd2idx((row, block * WORDS), codes.layout)).toint()
        target = cute.make_tensor(cute.make_ptr(cutlass.Uint32, address, cute.AddressSpace.gmem, assumed_align=16),
                                  cute.make_layout((WORDS,)))
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Uint32, num_bits_per_copy=128)
        cute.copy(atom, out_words, target)


class LaunchedViews:
    @cute.jit
    def __call__(self, scores_ptr: cute.Pointer, weights_ptr: cute.Pointer, rows: cutlass.Int32, stream):
        self.kernel(cute.make_tensor(scores_ptr, cute.make_layout(rows * VEC)),
                    weights=cute.make_tensor(weights_ptr, cute.make_layout(rows))).launch(
            grid=(rows, 1, 1), block=(1, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, scores: cute.Tensor, weights: cute.Tensor):
        row, _, _ = cute.arch.block_idx()
        total = cutlass.Float32(0.0)
        for i in cutlass.range_constexpr(VEC):
            total += scores[row * VEC + i]
        weights[row] = total


def _rows(dtype, columns):
    return make_fake_compact_tensor(dtype, (cute.sym_int(), columns), stride_order=(1, 0), assumed_align=32)


def compile_gated_words():
    return cute.compile(GatedWords(), _rows(cutlass.BFloat16, HIDDEN), _rows(cutlass.BFloat16, HIDDEN),
                        _rows(cutlass.Uint32, HIDDEN // 4), make_fake_stream())


def compile_launched_views():
    return cute.compile(LaunchedViews(), make_ptr(cutlass.Float32, 16, cute.AddressSpace.gmem, assumed_align=16),
                        make_ptr(cutlass.Float32, 16, cute.AddressSpace.gmem, assumed_align=16), cutlass.Int32(4),
                        make_fake_stream())
