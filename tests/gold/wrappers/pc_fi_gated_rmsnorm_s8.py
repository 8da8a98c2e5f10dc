"""flashinfer's fused gated residual RMSNorm (flashinfer/norm/kernels/gated_residual_rmsnorm.py,
`_gated_residual_rmsnorm_kernel`), sm_100a, built as its host path `run` -> `_get_compiled` builds it for a decode
batch of at most 16 rows in MODE 1 (weight before the norm): `_config` gives VEC = 2, S = 8 column segments (CJ = 1),
so the reduction's partials are read back whole (`VEC * CJ <= 2`) and each segment's x is staged through SMEM;
cluster (1, 2, 1) (`cx = 2` for the eight-way split), no min-blocks hint (`m * s <= 148`), gain centre 0, PDL off.
bf16 branch rows and weight, FP32 residual stream, alpha, beta and output, a run-time row count; hidden size fixed at
8192 by the kernel.
"""

from _fi_gated_rmsnorm import compile_build

ARCH = "sm_100a"

VEC, S, MODE, LOWREG, MBPM, CX = 2, 8, 1, False, 0, 2


def compile_only(vec=VEC, s=S, mode=MODE, lowreg=LOWREG, mbpm=MBPM, cx=CX):
    return compile_build(vec, s, mode, lowreg, mbpm, cx)
