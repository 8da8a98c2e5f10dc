"""cuDNN frontend's HSTU LMSD backward (cudnn/hstu/hstu_lmsd/_kernels/hstu_lmsd_bwd.py, `HSTULMSDBackward`), sm_100a,
compiled as `HSTULMSDBwd.compile` builds it: bf16 x / u / dy / dx / du / weight / bias, fp32 mean / rstd / workspaces;
a symbolic row count, dy / x / u / dx / du with a symbolic row stride (divisible by 8); the workspaces static (`sms` x
the config's rows). The launch's `min_blocks_per_mp` makes CuTeDSL ask the driver for the shared memory per SM:
answered with a B200's. The two `pc_cd_hstu_lmsd_bwd*` wrappers compile one build each."""

from _common import cudnn, stream

_B200_SMEM_PER_SM = 233472


def compile_backward(hidden, options=None, sms=148):
    """`options` None: the API's defaults (dropout 0.1 with its compact mask, both concat segments, dW on); else the
    kernel's keyword options of a plain build (no dropout, no dW), for which the API passes x's fake for the unused
    mask and the dB workspace's for the unused dW one."""
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

    def workspace():
        return make_fake_tensor(cutlass.Float32, (workspace_rows, hidden), stride=(hidden, 1), assumed_align=16)

    dy_segment = matrix(cutlass.BFloat16)
    x = matrix(cutlass.BFloat16)
    if options is None:
        mask = make_fake_tensor(cutlass.Int8, (rows, hidden), stride=(hidden, 1), assumed_align=16)
        dw_partial, db_partial, dropout = workspace(), workspace(), 0.1
    else:
        db_partial = workspace()
        mask, dw_partial, dropout = x, db_partial, 0.0
    kernel = module.HSTULMSDBackward(hidden, **(options or {}), config=config)
    return cute.compile(kernel, dy_segment, dy_segment, dy_segment, x, matrix(cutlass.BFloat16),
                        vector(cutlass.BFloat16, hidden), vector(cutlass.BFloat16, hidden), mask,
                        matrix(cutlass.BFloat16), matrix(cutlass.BFloat16), vector(cutlass.Float32, rows),
                        vector(cutlass.Float32, rows), dw_partial, db_partial, cutlass.Float32(dropout),
                        cutlass.Int32(hidden), cutlass.Int32(1), cutlass.Int32(workspace_rows), stream())
