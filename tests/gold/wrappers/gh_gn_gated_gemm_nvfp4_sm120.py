"""gn-kernels' SM120 gated NVFP4 GEMM with a fused NVFP4 quantizer (gau-nernst/gn-kernels,
gn_kernels/cutedsl/sm120/sm120_gated_gemm_nvfp4.py, `Sm120GatedGemmNVFP4`), sm_120a: out = SiLU(X W1^T) * (X W3^T)
(a SwiGLU MLP's gate and up projections in one kernel) with E2M1 X (M, K), W1 and W3 (N, K), E4M3 scales per 16 K in
NVIDIA's swizzled 512-byte blocks and an fp32 tensor scale each. One CTA per 128 x 128 tile, nine warps: warp 8
TMA-loads X, W1 and W3 tiles and bulk-copies their scale blocks into a 2-stage SMEM ring; warps 0-7 (2 x 4, a
64 x 32 warp tile) ldmatrix the FP4 operands from hand-divided SMEM views, read their scale words through hand-made
Int32 views, and issue the block-scaled mma.sync m16n8k64 (inline PTX) into two accumulators; the quantizing
epilogue applies SwiGLU, stages bf16 through SMEM (stmatrix), reloads 8 values per thread, writes an E4M3 scale per
16 values and the packed E2M1 words.

Configured as `mm(..., SFC_tensor=...)` -> `Sm120GatedGemmNVFP4.compile(quantize_epilogue=True)` compiles it:
symbolic M, N, K (N, K even), FP4 X / W1 / W3 / C with 32-divisible row strides, flat scale vectors (length
divisible by 512), (1,) fp32 tensor scales, a TVM-FFI environment stream.
"""

from _common import github_source

ARCH = "sm_120a"
SOURCE = ("gau-nernst/gn-kernels", "ba18197032228d112a36bf4105b1a0a96dd0ca50")


def compile_only(quantize_epilogue=True):
    module = github_source(SOURCE[0], "", "gn_kernels.cutedsl.sm120.sm120_gated_gemm_nvfp4")
    return module.Sm120GatedGemmNVFP4.compile(quantize_epilogue)
