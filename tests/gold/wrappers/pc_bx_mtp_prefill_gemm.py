"""b12x's MTP-feedback prefill projection GEMM for Qwen3.8 Flash Next (flashinfer/experimental/b12x/sequence/
mtp_feedback/_cute_prefill.py, `MTPPrefillBf16GemmKernel`), sm_120a: out = inputs @ weight^T (+ the token path
broadcast over the 4 streams), BF16; a producer warp TMA-loads a 3-stage ring of (tile_m x 64) input and (16 x 64)
weight tiles (128B-swizzled SMEM), 8 compute warps (16 rows each) ldmatrix them into registers and run warp-level
mma.sync 16x8x16 into an FP32 accumulator, whose MN view and identity coordinates drive scalar stores (with the
broadcast add) into the flat output. Compiled as `compile_mtp_prefill_capacity` compiles its state projection
(`compile_mtp_prefill_bf16_gemm(state_rows, 2560, 2560, streams=4, add_token_path=True)`): 128 tokens x 4 streams =
512 rows (tile_m 128), hidden 2560 (the Qwen contract), the host's own `make_fake_compact_tensor` fakes (row-major
inputs / weight, flat token path and output); `b12x_compile` is cute.compile with its cache key.
"""

from _common import b12x, stream

ARCH = "sm_120a"


def compile_only(tokens=128, streams=4, hidden=2560):
    import cutlass
    from cutlass import cute

    module = b12x("sequence.mtp_feedback._cute_prefill")
    rows = tokens * streams
    tile_m = next(candidate for candidate in (128, 64, 32, 16) if rows % candidate == 0)
    kernel = module.MTPPrefillBf16GemmKernel(rows=rows, output_columns=hidden, reduction_width=hidden,
                                             streams=streams, add_token_path=True, tile_m=tile_m)
    fake = cute.runtime.make_fake_compact_tensor
    inputs = fake(cutlass.BFloat16, (rows, hidden), stride_order=(1, 0), assumed_align=16)
    weight = fake(cutlass.BFloat16, (hidden, hidden), stride_order=(1, 0), assumed_align=16)
    token_path = fake(cutlass.BFloat16, (rows // streams * hidden,), assumed_align=16)
    output = fake(cutlass.BFloat16, (rows * hidden,), assumed_align=16)
    return cute.compile(kernel, inputs, weight, token_path, output, cutlass.Int32(rows), stream())
