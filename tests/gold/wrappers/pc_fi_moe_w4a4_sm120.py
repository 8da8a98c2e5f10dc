"""flashinfer's SM120/SM121 routed-expert W4A4 MoE (flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a4.py),
sm_120a, its first two launches: `k_prep` (block 0 routes: histogram, scan and scatter of the (token, expert) pairs
into expert-major order and the ragged M-tile work list; the other blocks quantize the hidden states to NVFP4 with
16-element E4M3 scales and zero the bf16 output) and GEMM1 (grouped x W13[e]^T on the tensor cores: warp-level
`MmaMXF4NVF4Op` block-scaled MMA, a 2 x 4 warp grid over a BM 32 x BN 128 tile, K = hidden; the NVFP4 activation rows
gathered by token, SwiGLU and the NVFP4 quantization of the intermediate fused into its epilogue). Compiled for a
64-token prefill, hidden 2048, intermediate 768 (SwiGLU: N13 = 1536), 128 experts, top-8 (P = 512 routed pairs: BM 32;
`_pick` gives the K tile and stage count), `prog`'s arguments, grids and blocks (see `_fi_moe_w4a4`); the same
configuration as the set's `pc_fi_moe_w4a16_sm120`, whose kernel file is another (CUDA-core) kernel.
"""

from _fi_moe_w4a4 import launch

ARCH = "sm_120a"


def compile_only(tokens=64):
    return launch(("prep", "gemm1"), tokens)
