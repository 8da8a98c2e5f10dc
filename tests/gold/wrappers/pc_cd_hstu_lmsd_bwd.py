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

from _common import cudnn, stream

ARCH = "sm_100a"

_B200_SMEM_PER_SM = 233472


def compile_only(hidden=512, sms=148):
    import cutlass
    from cutlass import cute
    from cutlass.base_dsl.runtime import cuda as cuda_helpers
    from cutlass.cute.runtime import make_fake_tensor

    cuda_helpers.get_device_attribute = lambda attribute, device_id=0: _B200_SMEM_PER_SM

    module = cudnn("hstu.hstu_lmsd._kernels.hstu_lmsd_bwd")
    config = cudnn("hstu.hstu_lmsd._kernels._config").HSTULMSDBwdConfig.from_hidden_size(hidden)
    workspace_rows = config.workspace_rows(sms)
    rows = cute.sym_int()

    def matrix(dtype):
        return make_fake_tensor(dtype, (rows, hidden), stride=(cute.sym_int64(divisibility=8), 1), assumed_align=16)

    def vector(dtype, length):
        return make_fake_tensor(dtype, (length,), stride=(1,), assumed_align=16)

    dy_segment = matrix(cutlass.BFloat16)
    mask = make_fake_tensor(cutlass.Int8, (rows, hidden), stride=(hidden, 1), assumed_align=16)
    dw_partial = make_fake_tensor(cutlass.Float32, (workspace_rows, hidden), stride=(hidden, 1), assumed_align=16)
    db_partial = make_fake_tensor(cutlass.Float32, (workspace_rows, hidden), stride=(hidden, 1), assumed_align=16)
    kernel = module.HSTULMSDBackward(hidden, config=config)
    return cute.compile(kernel, dy_segment, dy_segment, dy_segment, matrix(cutlass.BFloat16), matrix(cutlass.BFloat16),
                        vector(cutlass.BFloat16, hidden), vector(cutlass.BFloat16, hidden), mask,
                        matrix(cutlass.BFloat16), matrix(cutlass.BFloat16), vector(cutlass.Float32, rows),
                        vector(cutlass.Float32, rows), dw_partial, db_partial, cutlass.Float32(0.1),
                        cutlass.Int32(hidden), cutlass.Int32(1), cutlass.Int32(workspace_rows), stream())
