"""flashinfer's SM120/SM121 routed-expert W4A16 MoE, tiled path with the standalone activation kernel
(flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a16.py, `moe_jit`), sm_120a: the same launch sequence as
`pc_fi_moe_w4a16_sm120` (routing, GEMM1, GEMM2, finalize; CUDA-core NVFP4 dot products, no MMA), built where
`_tiled_plan` turns AFUSE off (more than 512 routed slots): `k_act` writes bf16 SiLU(gate) * up of GEMM1's fp32 h into
the intermediate buffer, and GEMM2 stages that buffer's rows instead of applying the activation itself.
Compiled as `run_moe_w4a16` compiles it for a 128-token prefill, hidden 2048, intermediate 768 (SwiGLU), 128 experts,
top-8 (S = 1024 slots: `_pick_bm` gives BM 8, the tiled path, AFUSE off); tensors as its
`from_dlpack(t, assumed_align=16)` gives them. Entered here: only the tensors this build makes that the AFUSE build
does not (the activation kernel's and GEMM2's non-fused staging); the shared kernels are judged in
`pc_fi_moe_w4a16_sm120`.
"""

from _fi_moe_w4a16 import compile_moe

ARCH = "sm_120a"


def compile_only(tokens=128):
    return compile_moe(tokens)
