"""cuDNN frontend's standalone RMSNorm + SiLU + padding for Conv3D inputs
(cudnn/conv/cutedsl/conv3d_postops/rmsnorm_silu_pad.py, `RmsNormSiluPadLaunch`), sm_100a, built as
`RmsNormSiluPadSm100.compile` builds it: `cute.compile(launch, input, gamma, padded_output, cache_output, stream,
input_bias, residual, residual_bias, residual_output, previous)` with every tensor a static compact bf16 fake tensor
of its sample's shape (`_make_fake_cute_tensor_from_desc`, 16-byte aligned). The configuration takes every optional
operand the API allows, so every path is compiled: NTHWC input (1, 3, 8, 8, 320) (C320: 8 lanes per row), gamma,
input bias, a residual with its bias and the pre-activation output, two frames of history (`previous`
(1, 2, 8, 8, 320)), so the padded output is (1, 5, 10, 10, 320) and the cache (1, 2, 8, 8, 320).
`--enable-tvm-ffi --generate-line-info` are not passed (they change no layout)."""

from _common import cudnn, stream

ARCH = "sm_100a"

N, T, H, W, C, PREVIOUS = 1, 3, 8, 8, 320, 2


def compile_only():
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    module = cudnn("conv.cutedsl.conv3d_postops.rmsnorm_silu_pad")

    def bf16(shape):
        return make_fake_compact_tensor(cutlass.BFloat16, shape, assumed_align=16)

    x = bf16((N, T, H, W, C))
    launch = module.RmsNormSiluPadLaunch((N, T, H, W, C), PREVIOUS, True, True, True)
    return cutlass.cute.compile(launch, x, bf16((C,)), bf16((N, T + 2, H + 2, W + 2, C)),
                                bf16((N, min(2, T + PREVIOUS), H, W, C)), stream(), bf16((C,)),
                                bf16((N, T, H, W, C)), bf16((C,)), bf16((N, T, H, W, C)),
                                bf16((N, PREVIOUS, H, W, C)))
