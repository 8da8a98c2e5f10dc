"""flashinfer's RMSNorm (flashinfer/norm/kernels/rmsnorm.py, RMSNormKernel), sm_90a, as its compile helper builds
it: bf16, hidden size 4096, contiguous rows (a run-time count), weight bias 0, PDL off.
"""

from _common import flashinfer, row_major, stream, tensor

ARCH = "sm_90a"


def compile_only(hidden=4096):
    import cutlass

    module = flashinfer("norm.kernels.rmsnorm")
    rows = cutlass.cute.sym_int(64)
    x, y = (row_major(cutlass.BFloat16, (rows, hidden)) for _ in range(2))
    w = tensor(cutlass.BFloat16, (hidden,))
    norm = module.RMSNormKernel(cutlass.BFloat16, hidden, 0.0, sm_version=90)
    return cutlass.cute.compile(norm, x, w, y, cutlass.Int64(1), cutlass.Float32(1e-6), False, stream())
