"""lightmoe's fused decode dispatch + NVFP4 quantization (lightmoe/kernels/quantize/decode.py,
`NVFP4DecodeDispatchQuantKernel`), sm_100a, no MMA: the grid's last CTA builds the stable expert-major routing (per-expert
counts and offsets, each (token, slot) pair's gather index, slot and probability, the plan of M tiles), and the other
CTAs quantize one feature tile of one token's bf16 row to NVFP4 (E2M1 values, one E4M3 scale per 16) for every expert
the token is routed to. Compiled as `lightmoe.inference`'s decode path calls `nvfp4_dispatch_quantize_decode` when the
FC1 GEMM gathers B (`plan_tile_rows=128`), through the package's own `NVFP4DecodeDispatchQuantKernel.compile` (fake
tensors with symbolic sizes, TVM-FFI): hidden 2048, 128 experts, top-8, PDL on.
"""

from _common import lightmoe

ARCH = "sm_100a"


def compile_only():
    module = lightmoe("kernels.quantize.decode")
    return module.NVFP4DecodeDispatchQuantKernel.compile(2048, 128, 8, 128, True)
