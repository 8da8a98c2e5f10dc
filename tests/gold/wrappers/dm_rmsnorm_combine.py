"""dist-moe's fused RMSNorm + weighted top-k combine forward (dist_moe/kernels/norm/
_fused_rmsnorm_combine_kernel.py, FusedRMSNormCombineFwd) through its compile entry `_compile_fwd`
(norm/fused_rmsnorm_combine.py), sm_100a: y[b] = sum_k w[b, k] * x[b, k] / rms(x[b, k]), one CTA per token
combining its TOPK expert rows.

bf16 x ((tokens * top-k) x DIM), output and normalised dtype, fp32 router weights, DIM = 2048, top-8; the
package's defaults: plain fp32 sum of squares (no Kahan), bitwise reduction order (no cluster), no input copy,
no input-scale gamma, the untiled accumulation order (more than the tiled path's token limit). With DIM <= 2304
each top-k row is loaded straight from global memory into registers (32 threads per row). DIM = 4096 would take a
4-buffer cp.async ring, but its launch sets `min_blocks_per_mp` > 1, which makes the compile ask the driver for the
SMs' shared memory: it needs a GPU, so it cannot be compiled here. Past the package's compile cache.
"""

from _common import dist_moe

ARCH = "sm_100a"


def compile_only(dim=2048, topk=8):
    import cutlass

    module = dist_moe("norm.fused_rmsnorm_combine")
    bf16 = cutlass.BFloat16
    return module._compile_fwd.__wrapped__(bf16, bf16, bf16, cutlass.Float32, dim, topk, False, True, False, False,
                                           False)
