"""Compile-only kernels with no MMA that slice their tensors by named run-time indices (`x[token_id, head_id, None]`),
as a fused query-quantization kernel does: one warp per (token, head) row, each lane copying its chunk of the row into
registers, the quantized result written out of registers allocated for it. No MMA says what the modes are: the
names the kernel gives its indices do (rule `name.dims`), and the copies say the levels."""
# The tensor names are untyped on purpose (the index names are what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

TOKENS, HEADS, NOPE, ROPE, LANES = 4, 2, 128, 64, 32
NOPE_VEC, ROPE_VEC = NOPE // LANES, ROPE // LANES  # each lane: 4 NoPE values, 2 RoPE values
CACHE_HALF = ROPE // 2


@cute.kernel
def named_slices_kernel(positions: cute.Tensor, q_nope: cute.Tensor, q_rope: cute.Tensor, k_cache: cute.Tensor,
                        rope_cache: cute.Tensor, out: cute.Tensor):
    """out[token, head] = [fp8(q_nope) ; fp8(rotated q_rope)], a lane's chunk at a time; k_cache is read as keys
    (into `keys`, which only the key-side labels need)."""
    token_id, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    head_id = tidx // LANES
    lane_id = tidx % LANES
    pos = positions[token_id]
    wide = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=64)
    narrow = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=32)
    out_wide = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float8E4M3FN, num_bits_per_copy=32)
    out_narrow = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float8E4M3FN, num_bits_per_copy=16)
    # loads: the lane's chunk of its (token, head) row
    loaded = cute.make_rmem_tensor(NOPE_VEC, cutlass.Float16)
    cute.copy(wide, cute.local_tile(q_nope[token_id, head_id, None], (NOPE_VEC,), (lane_id,)), loaded)
    keys = cute.make_rmem_tensor(NOPE_VEC, cutlass.Float16)
    cute.copy(wide, cute.local_tile(k_cache[token_id, head_id, None], (NOPE_VEC,), (lane_id,)), keys)
    # the RoPE pair and its cos / sin, the pair filled a half at a time through local_tiles of the registers
    pair = cute.make_rmem_tensor(ROPE_VEC, cutlass.Float16)
    one = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=16)
    rope_row = q_rope[token_id, head_id, None]
    halves = cute.zipped_divide(rope_row, (1,))
    cute.copy(one, halves[None, lane_id], cute.local_tile(pair, (1,), (0,)))
    cute.copy(one, halves[None, CACHE_HALF + lane_id], cute.local_tile(pair, (1,), (1,)))
    angles = cute.make_rmem_tensor(ROPE_VEC, cutlass.Float16)
    cute.copy(narrow, cute.local_tile(rope_cache[pos, None], (ROPE_VEC,), (lane_id,)), angles)
    # results: registers allocated for the quantized values, written out of them
    scaled = cute.make_rmem_tensor(NOPE_VEC, cutlass.Float8E4M3FN)
    scaled.store(loaded.load().to(cutlass.Float8E4M3FN))
    cute.copy(out_wide, scaled, cute.local_tile(out[token_id, head_id, None], (NOPE_VEC,), (lane_id,)))
    rotated = cute.make_rmem_tensor(ROPE_VEC, cutlass.Float8E4M3FN)
    # (plus the lane's pair read again straight from global memory: the output row's values come from two inputs)
    again = cute.local_tile(rope_row, (ROPE_VEC,), (lane_id,)).load().to(cutlass.Float32)
    rotated.store((pair.load().to(cutlass.Float32) * angles.load().to(cutlass.Float32) + again).to(
        cutlass.Float8E4M3FN))
    rope_at = NOPE // ROPE_VEC + lane_id  # the RoPE part follows the NoPE part in the output row
    cute.copy(out_narrow, rotated, cute.local_tile(out[token_id, head_id, None], (ROPE_VEC,), (rope_at,)))


@cute.jit
def named_slices_host(positions: cute.Tensor, q_nope: cute.Tensor, q_rope: cute.Tensor, k_cache: cute.Tensor,
                      rope_cache: cute.Tensor, out: cute.Tensor):
    named_slices_kernel(positions, q_nope, q_rope, k_cache, rope_cache, out).launch(
        grid=(TOKENS, 1, 1), block=(HEADS * LANES, 1, 1))


@cute.kernel
def named_rows_kernel(x: cute.Tensor, y: cute.Tensor):
    """y[token] = 2 x[token], a lane's chunk at a time: no head index, so rows and columns, not attention's axes."""
    token_idx, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=64)
    vals = cute.make_rmem_tensor(NOPE_VEC, cutlass.Float16)
    cute.copy(atom, cute.local_tile(x[token_idx, None], (NOPE_VEC,), (tidx,)), vals)
    doubled = cute.make_rmem_tensor(NOPE_VEC, cutlass.Float16)
    doubled.store(vals.load() * cutlass.Float16(2.0))
    cute.copy(atom, doubled, cute.local_tile(y[token_idx, None], (NOPE_VEC,), (tidx,)))


@cute.jit
def named_rows_host(x: cute.Tensor, y: cute.Tensor):
    named_rows_kernel(x, y).launch(grid=(TOKENS, 1, 1), block=(LANES, 1, 1))


@cute.kernel
def named_heads_kernel(q: cute.Tensor, keys: cute.Tensor, scores: cute.Tensor):
    """scores[token, head] = q[token, head, :] . keys[token, head, :]: the query read element by element, the key row
    copied through a view made over a pointer. Only the element reads name a head index."""
    token_idx, head_idx, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=64)
    offset = cute.assume(token_idx * HEADS * NOPE + head_idx * NOPE + tidx * NOPE_VEC, divby=NOPE_VEC)
    key_row = cute.make_tensor(keys.iterator + offset, cute.make_layout((1, NOPE_VEC), stride=(NOPE, 1)))
    key_vals = cute.make_rmem_tensor(cute.make_layout((1, NOPE_VEC)), cutlass.Float16)
    cute.copy(atom, key_row, key_vals)
    dot = cutlass.Float32(0.0)
    for v in cutlass.range_constexpr(NOPE_VEC):
        dim_idx = tidx * NOPE_VEC + v
        dot += q[token_idx, head_idx, dim_idx].to(cutlass.Float32) * key_vals[0, v].to(cutlass.Float32)
    if tidx == 0:
        scores[token_idx, head_idx] = dot.to(cutlass.Float16)


@cute.jit
def named_heads_host(q: cute.Tensor, keys: cute.Tensor, scores: cute.Tensor):
    named_heads_kernel(q, keys, scores).launch(grid=(TOKENS, HEADS, 1), block=(LANES, 1, 1))


def _tensor(dtype, shape):
    return make_fake_compact_tensor(dtype, shape, stride_order=tuple(reversed(range(len(shape)))), assumed_align=16)


def compile_named_slices():
    return cute.compile(named_slices_host, _tensor(cutlass.Int32, (TOKENS,)),
                        _tensor(cutlass.Float16, (TOKENS, HEADS, NOPE)), _tensor(cutlass.Float16, (TOKENS, HEADS, ROPE)),
                        _tensor(cutlass.Float16, (TOKENS, HEADS, NOPE)), _tensor(cutlass.Float16, (TOKENS, ROPE)),
                        _tensor(cutlass.Float8E4M3FN, (TOKENS, HEADS, NOPE + ROPE)))


def compile_named_rows():
    return cute.compile(named_rows_host, _tensor(cutlass.Float16, (TOKENS, NOPE)),
                        _tensor(cutlass.Float16, (TOKENS, NOPE)))


def compile_named_heads():
    return cute.compile(named_heads_host, _tensor(cutlass.Float16, (TOKENS, HEADS, NOPE)),
                        _tensor(cutlass.Float16, (TOKENS, HEADS, NOPE)), _tensor(cutlass.Float16, (TOKENS, HEADS)))
