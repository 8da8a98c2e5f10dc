"""quack's RMS final reduce (quack/rms_final_reduce.py, `RmsFinalReduce`), sm_90a: the second kernel of quack's
gemm_rms pipeline: the GEMM's epilogue writes per-(row, N tile) partial sums of squares, and this kernel reduces each
row of partials and writes rstd[m] = rsqrt(sum * scale + eps). A row-reduction kernel on quack's ReductionBase
(tiled copy of the (rows, partials) matrix, `row_reduce` through a cross-warp SMEM buffer).

Configured as `gemm_interface._rms_finalize` calls it (`rms_final_reduce(partials.reshape(-1, n_tiles), ...)` ->
`_compile_rms_final_reduce`, past quack's compile cache): fp32 partials, 32 partials per row (a 4096-wide output
in 128-wide N tiles), rows a run-time count.
"""

from _common import quack

ARCH = "sm_90a"


def compile_only(n_tiles=32):
    import cutlass

    module = quack("rms_final_reduce")
    return module._compile_rms_final_reduce.__wrapped__(cutlass.Float32, n_tiles)
