"""dist-moe's row-wise block-scaled quantizer (dist_moe/kernels/blockscaled_quantize.py, `_QuantizeBlockScaledRow`)
with its zero-copy gather producer, any arch (compiled for sm_100a), no MMA: the MoE dispatch's gather fused with
MXFP8 E4M3 quantization. The input is a vector of int64 row addresses (one per token row, possibly on other ranks);
each group of two threads quantizes one 32-value scale block of a row: a thread turns the row's address into a
pointer, lays a row tensor over it by hand (`make_tensor(make_ptr(...), make_ordered_layout((source_cols,)))`),
divides it into 8-value chunks and copies its 16 values into registers, reduces their amax over the pair, computes
the E8M0 scale byte, stores it at its natural (rows, K / 32) position and stores its 16 FP8 codes as four 32-bit
words into the quantized output's word view. Compiled as its `compile` entry compiles it (past its cache):
bf16 source, no half-range scale, no fast math, no clamp, 32-bit word views aligned.
"""

from _dm_quant_row import compile_row_quant

ARCH = "sm_100a"


def compile_only():
    return compile_row_quant("BLOCK_SCALED_FORMAT_MXFP8_E4M3", "SCALE_FACTOR_LAYOUT_NATURAL",
                             "BLOCK_SCALED_PRODUCER_ZEROCOPY_GATHER")
