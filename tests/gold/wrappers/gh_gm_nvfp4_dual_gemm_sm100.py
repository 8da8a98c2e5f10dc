"""gpu-mode/reference-kernels' CuTe reference for the NVFP4 block-scaled dual GEMM problem (problems/nvidia/
nvfp4_dual_gemm/submission.py, `kernel`): C (M, N, L) fp16 = silu(A B1^T) * (A B2^T), A (M, K, L), B1 and B2 (N, K, L)
NVFP4 with E4M3 scales per 16 K values. One CTA per 128 x 128 output tile, not persistent, one stage: warp 0 issues the
six TMA loads (A, B1, B2 and their scale factors, the scales in the tcgen05 block-scaled layout), copies the scales
SMEM -> TMEM (tcgen05.cp 4x32x128b) and runs two block-scaled tcgen05 MMAs (128 x 128 x 64 per k-block, A shared) into
two TMEM accumulators; then all 128 threads read both accumulators out (tcgen05.ld 32x32b x128), apply silu to the first,
multiply by the second and store fp16 C with a universal copy.

Configured as the module's `compile_kernel` compiles it (the host path `custom_kernel` calls): global pointers made by
`make_ptr` at address 0 (A, B 16-byte aligned, the scale factors 32), problem size (0, 0, 0, 0) static, the default silu
epilogue.
"""

from _gm_reference_kernels import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_100a"


def compile_only():
    submission = module("nvfp4_dual_gemm", "submission")
    submission._compiled_kernel_cache = None
    return submission.compile_kernel()
