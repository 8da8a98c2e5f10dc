"""lightmoe's gated activation + NVFP4 quantization (lightmoe/kernels/quantize/decode.py, `NVFP4GatedQuantKernel`),
sm_100a, no MMA: each CTA takes a 16-feature-group slice of one expert row of FP32 pre-activations [gate | up] (2I
wide), applies SwiGLU, and quantizes the result to NVFP4 (E2M1 values, one E4M3 scale per 16 features, written in the
blocked scale layout of the row's expert segment). Compiled as `nvfp4_gated_quantize(preact, row_experts, cu,
padded_offsets, scale, q_out, sf_out, activation="swiglu")` compiles it, through the package's own
`NVFP4GatedQuantKernel.compile` (fake tensors with symbolic sizes, TVM-FFI): intermediate 1024 (the training MoE's I),
8 experts, PDL on.
"""

from _common import lightmoe

ARCH = "sm_100a"


def compile_only():
    module = lightmoe("kernels.quantize.decode")
    return module.NVFP4GatedQuantKernel.compile(1024, 8, "swiglu", True)
