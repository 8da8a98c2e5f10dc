"""syedMohib44/cuda-triton-multiarch's single-tile SM80 GEMM (cute/03_tiled_mma.py, `gemm_kernel`): the second step of a
learner's FlashAttention-2 port. One CTA of 4 warps computes C (64, 64) fp32 = A (64, 64) B (64, 64)^T in fp16 (the
S = Q K^T shape): A and B are copied whole into SMEM (autovec_copy), a TiledMMA of m16n8k16 mma.sync atoms (4 warps
along M, permutation (64, 16, 16)) partitions them, the fragments are loaded from SMEM by autovec_copy, one
cute.gemm accumulates, and the accumulator is written to C by autovec_copy.

Configured as the module's `run()` compiles `gemm_host`: A, B (64, 64) fp16 and C (64, 64) fp32, row-major, static
layouts from from_dlpack with 16-byte alignment; SMEM layouts (64, 64):(64, 1).
"""

from _sm_fa2_steps import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    step = module("03_tiled_mma")
    a = row_major(cutlass.Float16, (64, 64))
    b = row_major(cutlass.Float16, (64, 64))
    c = row_major(cutlass.Float32, (64, 64))
    return cute.compile(step.gemm_host, a, b, c)
