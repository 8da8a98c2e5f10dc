"""torchao's MXFP8 quantizer with 32 x 1 scaling for MoE training (pytorch/ao, torchao/prototype/moe_training/kernels/
mxfp8/cutedsl_quantize_2d_32x1.py, `Mxfp8Quantize2dKernel32x1.kernel`): a bf16 A (M, K) quantized to FP8 E4M3 with
one E8M0 scale per 32 rows of each column, the FP8 data written column-major. Warp-specialised: warp 0 issues the
TMA loads of (32, 128) input tiles into a 2-stage SMEM ring and the TMA stores of the column-major FP8 tiles; four
compute warps each take one column of the tile per lane, read its 32 values from SMEM by index, reduce their amax,
derive the scale, and write the quantized values back to the output SMEM tile in 16-value vectors; the scales go out
by scalar stores. One CTA walks 4 M tiles of one K tile.

Configured as `mxfp8_quantize_cutedsl_2d_32x1(x)` compiles it for bf16 (its defaults: scaling "rceil", stage_count 2,
blocked_scale_output False, no offs): `_compile_mxfp8_quantize_2d_32x1_cutedsl("torch.bfloat16", "rceil", 4, 32, 128,
2, 4, True, False, False)` (config "bf16_default"; M is asserted a multiple of 128, so the M tiles are full), whose
own `make_fake_tensor`s (symbolic M, K and strides) and `cute.compile(..., options="--enable-tvm-ffi")` are used as
they are (the `functools.cache` wrapper bypassed).

Shim: `_ao_mxfp8.kernel_module` (the tree's `cute_utils.py` passes the result type of three nvvm builders
first; CuTeDSL 4.8.1 takes it as `results=`); only scalar scale values flow through them.
"""

from _ao_mxfp8 import SOURCE, kernel_module

ARCH = "sm_100a"


def compile_only():
    build = kernel_module("cutedsl_quantize_2d_32x1")._compile_mxfp8_quantize_2d_32x1_cutedsl.__wrapped__
    return build("torch.bfloat16", "rceil", 4, 32, 128, 2, 4, True, False, False)
