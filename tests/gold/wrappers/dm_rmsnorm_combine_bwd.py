"""dist-moe's fused RMSNorm + weighted top-k combine backward (dist_moe/kernels/norm/
_fused_rmsnorm_combine_kernel.py, FusedRMSNormCombineBwd, the "fused" rather than bit-exact kernel) through its
compile entry `_compile_bwd` (norm/fused_rmsnorm_combine.py), sm_100a: one CTA per token stages grad_y's row in
shared memory by cp.async, then for each of its TOPK expert rows reduces grad_w[k] = <grad_y, x_norm[k]> across
warps and writes grad_x[k].

bf16 x, grad_y (kept bf16 when the reduction order need not be bitwise) and grad_x, fp32 router weights, rstd
and grad_w, DIM = 4096, top-8; 128 threads per CTA (the kernel asks for 256 only on a Blackwell GPU it can see).
Past the package's compile cache.
"""

from _common import dist_moe

ARCH = "sm_100a"


def compile_only(dim=4096, topk=8):
    import cutlass

    module = dist_moe("norm.fused_rmsnorm_combine")
    bf16 = cutlass.BFloat16
    return module._compile_bwd.__wrapped__(bf16, bf16, dim, topk, False)
