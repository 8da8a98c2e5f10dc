"""torchao's MXFP8 quantization along K, 1 x 32 blocks (torchao/prototype/moe_training/kernels/mxfp8/
cutedsl_quantize_2d_1x32.py, `Mxfp8Quantize2dKernel`), Blackwell: warp 0 issues TMA loads of (128 rows x 32 columns)
tiles into a two-stage SMEM ring and TMA stores of the quantized tile; 4 compute warps take one row each per lane, read
the row's 32 values from SMEM into registers, compute the block's amax and E8M0 scale (RCEIL by inline PTX), write the
e4m3 values back to an SMEM output tile 4 at a time, and store each row's scales to global memory in the tcgen05
blocked layout. No MMA.

Configured as `mxfp8_grouped_mm`'s forward compiles it for the activations (`mxfp8_quantize_2d_1x32_cutedsl(x,
scaling_mode, offs=group_end_offsets)` -> `mxfp8_quantize_cutedsl_2d_1x32(..., blocked_scale_output=True)`): bf16 input
(`bf16_default`: 4 compute warps, 128 x 32 tiles, 4 K tiles per CTA), rceil, 2 stages, K a multiple of 128 (full K
tiles), the group offsets given (validated in the kernel). The package's own `_compile_mxfp8_quantize_2d_cutedsl` builds
its fake tensors (dynamic M, K and strides) and compiles; this wrapper calls it with those arguments.
"""

from _common import torchao

ARCH = "sm_100a"


def compile_only():
    module = torchao("prototype.moe_training.kernels.mxfp8.cutedsl_quantize_2d_1x32")
    # (input dtype, scaling mode, compute warps, tile_m, tile_k, stages, k tiles per CTA, full K tiles, blocked
    # scales, offs given), as mxfp8_quantize_cutedsl_2d_1x32 passes them for a bf16 (M, K) with K % 128 == 0
    return module._compile_mxfp8_quantize_2d_cutedsl("torch.bfloat16", "rceil", 4, 128, 32, 2, 4, True, True, True)
