"""cuDNN frontend's HSTU LMSD backward (cudnn/hstu/hstu_lmsd/_kernels/hstu_lmsd_bwd.py, `HSTULMSDBackward`), sm_100a,
a second build of the kernel pc_cd_hstu_lmsd_bwd compiles: the API's plain options (`dropout_ratio=0.0`: no mask;
`concat_u=False`, `concat_x=False`: dY is the LMSD segment only; `compute_dweight=False`: dB partials only; SiLU on U
kept) at D = 960, where `HSTULMSDBwdConfig` picks 128 threads per row (4 warps) of 8-value vectors, so the (1, 1024)
row tile overhangs the 960 columns and the loads are guarded by `vector_index < 120`. As `HSTULMSDBwd.compile` builds
it: bf16 x / u / dy / dx / du / weight / bias, fp32 mean / rstd / dB workspace; a symbolic row count, dy / x / u / dx /
du with a symbolic row stride (divisible by 8); the API passes x's fake for the unused mask and the dB workspace's for
the unused dW one (the launcher hands the kernel None for both). The launch's `min_blocks_per_mp` (8) makes CuTeDSL ask
the driver for the shared memory per SM: answered with a B200's. `--enable-tvm-ffi` is not passed.
"""

from _common import cudnn, stream

ARCH = "sm_100a"

_B200_SMEM_PER_SM = 233472


def compile_only(hidden=960, sms=148):
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
    x = matrix(cutlass.BFloat16)
    db_partial = make_fake_tensor(cutlass.Float32, (workspace_rows, hidden), stride=(hidden, 1), assumed_align=16)
    kernel = module.HSTULMSDBackward(hidden, concat_u=False, concat_x=False, has_dropout=False, compute_dweight=False,
                                     config=config)
    return cute.compile(kernel, dy_segment, dy_segment, dy_segment, x, matrix(cutlass.BFloat16),
                        vector(cutlass.BFloat16, hidden), vector(cutlass.BFloat16, hidden), x,
                        matrix(cutlass.BFloat16), matrix(cutlass.BFloat16), vector(cutlass.Float32, rows),
                        vector(cutlass.Float32, rows), db_partial, db_partial, cutlass.Float32(0.0),
                        cutlass.Int32(hidden), cutlass.Int32(1), cutlass.Int32(workspace_rows), stream())
