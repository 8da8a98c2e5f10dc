"""flashinfer's fused gated residual RMSNorm (flashinfer/norm/kernels/gated_residual_rmsnorm.py,
`_gated_residual_rmsnorm_kernel`), sm_100a, built as its host path `run` -> `_get_compiled` builds it for
a batch of 17 to 32 rows in MODE 1: `_config` gives VEC = 4, S = 4 (CJ = 1), the low-register aligned fold of the partials (`lowreg`: MODE 1 and 16 < m <= 32), staged x; cluster (1, 4, 1); gain centre 0, PDL off.
bf16 branch rows and weight, FP32 residual stream, alpha, beta and output, a run-time row count; hidden size fixed at
8192 by the kernel.
"""

from _fi_gated_rmsnorm import compile_build

ARCH = "sm_100a"

VEC, S, MODE, LOWREG, MBPM, CX = 4, 4, 1, True, 0, 4


def compile_only(vec=VEC, s=S, mode=MODE, lowreg=LOWREG, mbpm=MBPM, cx=CX):
    return compile_build(vec, s, mode, lowreg, mbpm, cx)
