"""torchao's MXFP8 quantizer for 3D MoE expert weights (pytorch/ao, torchao/prototype/moe_training/kernels/mxfp8/
cutedsl_quantize_3d.py, `Mxfp8Quantize3dKernel.kernel`): a bf16 W (E, N, K) quantized to FP8 E4M3 along N, the FP8
data written N-fastest per expert. Warp-specialised as the 2D 32 x 1 quantizer: warp 0 TMA-loads (1, 32, 128)
(expert, N, K) tiles into a 2-stage SMEM ring and TMA-stores the FP8 tiles; four compute warps take one K column per
lane, copy its 32 N values out of the SMEM tile by one hand vector copy (the input is a transposed, N-fastest expert
view), reduce the amax across the warp (32 x 32 scaling: one scale per 32 N x 32 K block), write the quantized values
back to the output SMEM tile in 16-value vectors, and store the replicated scale into a per-expert view of the blocked
(tcgen05) scale layout. One CTA walks 4 K tiles of one (expert, N tile).

Configured as `mxfp8_quantize_cutedsl_3d(w, scale_block_dim2=32, blocked_scale_output=True)` compiles it for a bf16
transposed expert view (`w.transpose(-2, -1)` of a K-fastest (E, K, N) weight: stride(-2) == 1, so `input_transposed`):
`_compile_mxfp8_quantize_3d_cutedsl("torch.bfloat16", "rceil", 4, 32, 128, 2, 4, True, 32, 32, True, True)` (config
"bf16_32x32_t"; K a multiple of 512, so the K tiles are full), whose own `make_fake_tensor`s (symbolic E, N, K and
strides) and `cute.compile(..., options="--enable-tvm-ffi")` are used as they are (the `functools.cache` wrapper
bypassed).

Shim: `_ao_mxfp8.kernel_module` (the tree's `cute_utils.py` passes the result type of three nvvm builders
first; CuTeDSL 4.8.1 takes it as `results=`); only scalar scale values flow through them.
"""

from _ao_mxfp8 import SOURCE, kernel_module

ARCH = "sm_100a"


def compile_only():
    build = kernel_module("cutedsl_quantize_3d")._compile_mxfp8_quantize_3d_cutedsl.__wrapped__
    return build("torch.bfloat16", "rceil", 4, 32, 128, 2, 4, True, 32, 32, True, True)
