"""dist-moe's row-wise block-scaled quantizer (dist_moe/kernels/blockscaled_quantize.py, `_QuantizeBlockScaledRow`)
with its SwiGLU-forward producer, any arch (compiled for sm_100a), no MMA: a gated quantizer, silu(x) * b of two
(rows, K) bf16 inputs quantized to NVFP4 with E4M3 scales in cuBLAS's blocked (128 x 4) layout. Each thread
quantizes one 16-value scale block of a row: it copies the block of x and of the gate's other operand b as 128-bit
words from their 32-bit word views into registers (`_load_f16_words_as_f32`, `_copy_load_f16xn_as_f32`), applies
SwiGLU element by element, takes the amax, stores the scale byte at its blocked offset (a flat index) and packs the
16 E2M1 codes into two 32-bit words stored into the quantized output's word view. Compiled as its `compile` entry
compiles it (past its cache): bf16, no half-range scale, no fast math, no clamp, both word views aligned.
"""

from _dm_quant_row import compile_row_quant

ARCH = "sm_100a"


def compile_only():
    return compile_row_quant("BLOCK_SCALED_FORMAT_NVFP4", "SCALE_FACTOR_LAYOUT_CUBLAS_BLOCKED",
                             "BLOCK_SCALED_PRODUCER_SWIGLU_FWD")
