"""b12x's DSA indexer logits kernel for the contiguous (non-paged) contract, decode form
(flashinfer/experimental/b12x/attention/dsa_indexer/contiguous_kernel.py, `DSAContiguousLogitsKernel`), sm_120a:
one 256-thread CTA per (32-query tile, 64-key tile): the CTA's per-query key ranges [k_start, k_end) staged in SMEM,
a warp ballot skips dead tiles, one TMA load (128B swizzle) of the 64 x 128 E4M3 key tile, the per-key FP32 scales
staged in SMEM; each of the 8 warps owns a 16-query x 16-key MMA tile and, head by head, runs raw mxfp8
mma.sync m16n8k32 (unit scales) with Q read from global memory into registers and K by ldmatrix addresses, then
accumulates relu(S_h) x w[q, h] in an 8-register fragment; the logits (times the key scale) are written by scalar
stores, -inf outside each query's key range. Compiled as `run_contiguous_logits_kernel` compiles its decode scorer
(fewer than 256 valid query rows: no prefill tile): `_build_dsa_contiguous_kernel()` (not tiled, DSA ReLU-sum
score mode), its arguments as `_to_kernel_tensor` presents them under compile-only launches (every extent
`sym_int(32)`, strides `sym_int(64)` but the unit-stride mode): q as (rows, heads, 32) Uint32 words of the E4M3
row, weights (rows, heads) FP32, K bytes (keys, 128) Uint8, the (1,) Int64 descriptor-pointer placeholder, key
scales (keys,) FP32, k_start / k_end (rows,) Int32, logits (rows, keys) FP32 and the unused (1, 1) tile_logits;
Int32 scalars; write_invalid_logits 0 (the logits pre-filled with -inf).
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
    kernel = module._build_dsa_contiguous_kernel()
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
        cutlass.Int32(64), cutlass.Int32(4096), cutlass.Int32(0), cutlass.Int32(64), cutlass.Int32(0), stream())
