"""flashinfer's SM120/SM121 routed-expert W4A16 MoE (flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a16.py,
`moe_jit`: the tiled path), sm_120a: BF16 activations times NVFP4 expert weights (packed E2M1, 128x4-swizzled E4M3
block scales per 16 K, an fp32 global scale per expert) on CUDA cores, no MMA: `k_route` histograms the routed slots
per expert, scans them and writes the expert-sorted slot list and the m-block table (expert, first sorted row, row
count), the other CTAs zero the fp32 combine buffer; `k_gemm1` (h = x W13[e]^T, fp32): each CTA one m-block of
BM rows x TNR weight rows, TPR threads per weight row each loading 16 packed bytes (32 K values) per step by LDG.128,
the m-block's activation rows staged into SMEM as fp16, 16-value fp16 dot products accumulated per row in fp32,
butterfly-summed over the TPR threads; `k_gemm2` the same for out += w_router * (act(h) W2[e]^T) with SwiGLU applied
while staging h (AFUSE) and fp32 atomics into the combine buffer; `k_final` converts it to bf16.
Compiled as `run_moe_w4a16` compiles it for a prefill of 64 tokens, hidden 2048, intermediate 768 (SwiGLU: N13 =
1536), 128 experts, top-8 (S = 512 slots; `_pick_bm` gives BM 4, so the tiled path, `_tiled_plan`'s constants:
AFUSE on, no split of GEMM1); the tensors as its `from_dlpack(t, assumed_align=16)` gives them (static shapes,
row-major), flattened ids / weights / output as the tiled path passes them.
"""

from _fi_moe_w4a16 import compile_moe

ARCH = "sm_120a"


def compile_only(tokens=64):
    return compile_moe(tokens)
