"""b12x's DSA indexer logits kernel for the contiguous (non-paged) contract, prefill form with 256-key tiles
(flashinfer/experimental/b12x/attention/dsa_indexer/contiguous_kernel.py, `DSAContiguousLogitsPrefillKernel`),
sm_120a: one 256-thread CTA per (32-query tile, 256-key tile): per-query key ranges in SMEM, a warp ballot skips dead
tiles, one TMA load (128B swizzle) of the 256 x 128 E4M3 key tile, the head weights of the 32 rows staged in SMEM
by st.shared.v4, the key scales in SMEM; Q is staged head batch by head batch into SMEM by predicated cp.async at raw
permuted addresses; each of the 8 warps (2 along queries x 4 along keys) runs raw mxfp8 mma.sync m16n8k32 for 16
queries x 64 keys (4 MMA key steps) with A and B by ldmatrix addresses, accumulating relu(S_h) x w in a (1, 4, 8)
register fragment; scalar stores of the scaled logits. Compiled as `run_contiguous_logits_kernel` compiles its
prefill scorer for 256 <= valid query rows < 1024 (`resolve_contiguous_prefill_block_k` gives 256):
`_build_dsa_contiguous_prefill_kernel()` (not tiled, DSA ReLU-sum, no block-score output), its arguments as
`_to_kernel_tensor` presents them under compile-only launches (extents `sym_int(32)`, strides `sym_int(64)` but the
unit-stride mode): q (rows, heads, 32) Uint32 words, weights (rows, heads) FP32, K bytes (keys, 128) Uint8, the
(1,) Int64 descriptor placeholder, key scales, k_start / k_end, logits (rows, keys), the unused (1, 1) tile_logits
and (1, 1, 1) block_scores; Int32 scalars (num_blocks_out 0), write_invalid_logits 0.
"""

from _common import b12x, stream

ARCH = "sm_120a"


def _fake(dtype, rank, unit, align=16):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    shape = tuple(cute.sym_int(32) for _ in range(rank))
    stride = tuple(1 if mode == unit else cute.sym_int(64) for mode in range(rank))
    return make_fake_tensor(dtype, shape, stride, assumed_align=align)


def compile_only():
    import cutlass
    from cutlass import cute

    module = b12x("attention.dsa_indexer.contiguous_kernel")
    kernel = module._build_dsa_contiguous_prefill_kernel()
    return cute.compile(
        kernel,
        _fake(cutlass.Uint32, 3, 2),               # q_u32 (rows, heads, 32 words)
        _fake(cutlass.Float32, 2, 1, 4),           # weights (rows, heads)
        _fake(cutlass.Uint8, 2, 1),                # k_quant_bytes (keys, 128)
        _fake(cutlass.Int64, 1, 0, 8),             # k_tma_desc_ptrs (1,)
        _fake(cutlass.Float32, 1, 0, 4),           # k_scale (keys,)
        _fake(cutlass.Int32, 1, 0, 4),             # k_start (rows,)
        _fake(cutlass.Int32, 1, 0, 4),             # k_end (rows,)
        _fake(cutlass.Float32, 2, 1, 4),           # logits (rows, keys)
        _fake(cutlass.Float32, 2, 1, 4),           # tile_logits (1, 1), unused when not tiled
        _fake(cutlass.Float32, 3, 2, 4),           # block_scores (1, 1, 1), unused
        cutlass.Int32(512), cutlass.Int32(4096), cutlass.Int32(0), cutlass.Int32(0), cutlass.Int32(16),
        cutlass.Int32(0), stream())
