"""cuDNN frontend's HSTU LMSD backward (cudnn/hstu/hstu_lmsd/_kernels/hstu_lmsd_bwd.py, `HSTULMSDBackward`), sm_100a:
the backward of y = [silu(u), x, LayerNorm(x) * silu(u)] with dropout, one row per CTA in a persistent grid-stride
loop; each thread loads 8-value vectors of x / u / dy / the dropout mask through one (threads, values) tiled copy, the
row's two LayerNorm-gradient sums by a warp butterfly and a cross-warp SMEM exchange, dX / dU written per vector, and
per-CTA dW / dB partials accumulated in registers across the CTA's rows and written to a workspace. Compiled as
`HSTULMSDBwd.compile` compiles it on the API's defaults: dropout 0.1 (mask on), SiLU on U, both concat segments, dW on;
bf16 x / u / dy / dx / du / weight / bias, fp32 mean / rstd / workspaces; D = 512 (`HSTULMSDBwdConfig`: 8-value
vectors, 64 threads per row, one column tile); a symbolic row count, dy / x / u / dx / du with a symbolic row stride
(divisible by 8), the mask compact; the workspaces (148 SMs x 64 rows, a B200's) static; nblk 1 and ncols D as the API
passes them at compile time. `--enable-tvm-ffi` is not passed (it changes no layout). The launch's
`min_blocks_per_mp` (12) makes CuTeDSL ask the driver for the shared memory per SM: answered with a B200's.
"""

from _cd_hstu_bwd import compile_backward

ARCH = "sm_100a"


def compile_only(hidden=512):
    return compile_backward(hidden)
