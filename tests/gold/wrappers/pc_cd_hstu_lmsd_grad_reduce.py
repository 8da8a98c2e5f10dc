"""cuDNN frontend's HSTU LMSD dW / dB reduction (cudnn/hstu/hstu_lmsd/_kernels/hstu_lmsd_bwd.py, `HSTULMSDGradReduce`),
sm_100a: sums the backward's per-persistent-CTA partial rows (workspace (148 SMs x 64, D) fp32) into the public dW / dB
(D,): a CTA of 8 warps owns 4 columns, each warp's lanes 8 rows x 4 columns, 16 rows prefetched into registers per
step, a butterfly over the lanes' rows, the warps' sums crossed through SMEM. Compiled as `HSTULMSDBwd.compile` compiles
it on the API's defaults (dW on, `HSTULMSDGradReduceConfig()`: 256 threads, 4 columns per CTA, prefetch 16), D = 512,
bf16 dW / dB, the workspaces and outputs static and compact as the API's descriptors give them. `--enable-tvm-ffi` is
not passed (it changes no layout).
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def compile_only(hidden=512, sms=148):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    module = cudnn("hstu.hstu_lmsd._kernels.hstu_lmsd_bwd")
    config = cudnn("hstu.hstu_lmsd._kernels._config").HSTULMSDBwdConfig.from_hidden_size(hidden)
    workspace_rows = config.workspace_rows(sms)
    partials = [make_fake_tensor(cutlass.Float32, (workspace_rows, hidden), stride=(hidden, 1), assumed_align=16)
                for _ in range(2)]
    finals = [make_fake_tensor(cutlass.BFloat16, (hidden,), stride=(1,), assumed_align=16) for _ in range(2)]
    return cute.compile(module.HSTULMSDGradReduce(True), *partials, *finals, cutlass.Int32(workspace_rows),
                        cutlass.Int32(hidden), stream())
