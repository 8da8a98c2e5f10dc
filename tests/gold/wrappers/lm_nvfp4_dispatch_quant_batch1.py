"""lightmoe's batch-one fused decode dispatch + NVFP4 quantization (lightmoe/kernels/quantize/decode.py,
`NVFP4BatchOneDispatchQuantKernel`), sm_100a, no MMA: for a single decode token, each CTA quantizes one feature tile of
the bf16 row to NVFP4 for each of its top-k experts, the routing (gather indices, slots, probabilities, per-expert
offsets) being written by the first CTA. Compiled as `nvfp4_decode_prepare` calls it (non-direct path), through the
package's own `NVFP4BatchOneDispatchQuantKernel.compile`: hidden 2048, 128 experts, top-8, PDL on.
"""

from _common import lightmoe

ARCH = "sm_100a"


def compile_only():
    module = lightmoe("kernels.quantize.decode")
    return module.NVFP4BatchOneDispatchQuantKernel.compile(2048, 128, 8, True)
