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

from _cd_hstu_bwd import compile_backward

ARCH = "sm_100a"


def compile_only(hidden=960):
    return compile_backward(hidden, dict(concat_u=False, concat_x=False, has_dropout=False, compute_dweight=False))
