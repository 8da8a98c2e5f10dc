"""lightmoe's columnwise NVFP4 quantization with the random Hadamard transform (lightmoe/kernels/quantize/kernel.py,
`NVFP4QuantKernel` in mode "col", rht=True, emit_amax=True), sm_100a: one CTA per (128-feature tile, 128-row expert
segment tile); the tile is staged in SMEM by 16-byte chunks, each warp transforms its 16 features in 16-token groups
by a warp mma.sync (16x8x16 bf16) against the 16 x 16 Hadamard matrix (transposed ldmatrix / stmatrix keep the tile
token-major), then per (feature, 16-token group) an amax, an E4M3 scale and packed E2M1 values go to an SMEM
transpose buffer and out as (features, tokens / 2) rows; the CTA's amax partial is reduced across warps.
Compiled as `lightmoe.training`'s backward quantizes the wgrad operands columnwise (`nvfp4_quantize_colwise(z, cu,
pts, q, sf, rounding="rn", rht=True, amax_out=..., padded_offsets=off_pad)`: the `hh` operand, bf16, no gather) for 8
experts, through the package's own `NVFP4QuantKernel.compile` (fake tensors with symbolic sizes, TVM-FFI).
"""

from _lm_quant import compile_quantizer

ARCH = "sm_100a"


def compile_only():
    return compile_quantizer("col", gather=False, rht=True, emit_amax=True, te_row_math=False)
