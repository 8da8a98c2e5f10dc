"""cuDNN frontend's fused RMSNorm + 16-wide block Hadamard transform + per-CTA amax (cudnn/rmsnorm_rht_amax/kernel.py,
RMSNormRHTAmaxKernel), sm_100a, configured as `RmsNormRhtAmaxSm100.compile` (cudnn/rmsnorm_rht_amax/api.py) does:
bf16 rows of hidden size N = 4096, so 256 threads (its `DEFAULT_NUM_THREADS_BY_N`, 16 values per thread in two
8-value vectors), 8 rows per CTA (`pick_rows_per_cta` for M = 8192 rows: at least 148 CTAs), a run-time row
count divisible by 8, one fp32 amax per CTA.
"""

from _common import cudnn, dynamic, row_major, stream, tensor

ARCH = "sm_100a"


def compile_only(n=4096, rows_per_cta=8):
    import cutlass
    from cutlass import cute

    module = cudnn("rmsnorm_rht_amax.kernel")
    kernel = module.RMSNormRHTAmaxKernel(n=n, num_threads=256, eps=1e-5, rows_per_cta=rows_per_cta)
    rows = dynamic(rows_per_cta)
    x = row_major(cutlass.BFloat16, (rows, n))
    w = tensor(cutlass.BFloat16, (n,))
    o = row_major(cutlass.BFloat16, (rows, n))
    amax = tensor(cutlass.Float32, (dynamic(),), align=16)
    return cute.compile(kernel, x, w, o, amax, cutlass.Float32(1e-5), stream())
