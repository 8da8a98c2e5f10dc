"""gn-kernels' SM120 FP8 GEMM with DeepSeek-style block scales (gau-nernst/gn-kernels,
gn_kernels/cutedsl/sm120/sm120_mm_fp8_1d2d.py, `Sm120Fp8_1d2d_Matmul`), sm_120a: C (M, N) bf16 = (A * SFA) (B * SFB)^T
with E4M3 A (M, K) and B (N, K), fp32 SFA per (row, 128 K) ("1d") and SFB per (128 rows of B, 128 K) ("2d"). One CTA
per 128 x 128 tile, nine warps: warp 8 TMA-loads A and B tiles into a 2-stage SMEM ring; warps 0-7 (4 x 2, a 32 x 64
warp tile) ldmatrix the operands from hand-divided SMEM views and issue inline-PTX mma.sync m16n8k32 (the mxf8f6f4
block-scale form with unit UE8M0 scales) into a per-128-K accumulator, which is then scaled by SFA * SFB (read from
global by scalar index) and added into the running accumulator; C is written by 32-bit stores through a hand-divided
view of the output.

Configured as `mm(A, SFA, B, SFB)` -> `Sm120Fp8_1d2d_Matmul.compile` picks it on an RTX 50 GPU (use_mxfp8_mma) for a
problem with at least 256 output tiles (BN 128): cta_tile (128, 128, 128), warp_layout (4, 2), 2 stages, fp32 SFB, no
bias, no residual; symbolic M, N, K, a TVM-FFI environment stream.
"""

from _common import github_source

ARCH = "sm_120a"
SOURCE = ("gau-nernst/gn-kernels", "ba18197032228d112a36bf4105b1a0a96dd0ca50")


def compile_only():
    import cutlass

    module = github_source(SOURCE[0], "", "gn_kernels.cutedsl.sm120.sm120_mm_fp8_1d2d")
    utils = github_source(SOURCE[0], "", "gn_kernels.cutedsl.utils")
    fp32 = next(key for key, value in utils.TORCH_TO_CUTE_DTYPE.items() if value is cutlass.Float32)
    return module.Sm120Fp8_1d2d_Matmul.compile(fp32, False, False, (128, 128, 128), (4, 2), 2, True)
