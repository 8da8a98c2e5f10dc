"""liger-kernel's CuTe DSL GeGLU forward (liger_kernel/ops/backends/_cutedsl/geglu.py, `_LigerGeGLUCuTeDSLForward`),
sm_100a: c = gelu_tanh(a) * b element-wise over (rows, N); one CTA per (row tile, column chunk) of the (1, 2048) tiler,
each of 128 threads moving 8-value (128-bit) vectors through a universal-op tiled copy (liger's copy of quack's
`tiled_copy_2d`), an identity tensor's partition guarding the rows. Compiled as `_get_fwd_kernel` compiles it for bf16
a / b / c with N = 14336 (Llama-3-8B's MLP width: 128 threads per row, the N >= 8192 rung's 2 column chunks per CTA,
the rest on grid y; 14336 divides by the 2048-wide tile, so no column predicate), its own `make_fake_tensor` fakes
(symbolic rows, a symbolic row stride divisible by 8). `--enable-tvm-ffi` is not passed (it changes no layout).
"""

from _common import liger_kernel, stream

ARCH = "sm_100a"


def compile_only(n=14336):
    import math

    import cutlass
    from cutlass import cute

    module = liger_kernel("ops.backends._cutedsl.geglu", host_only=("ops._nvidia_shared",))
    fake = liger_kernel("ops.backends._cutedsl._cute_lib.compile_utils").make_fake_tensor
    rows = cute.sym_int()
    div = math.gcd(128 // cutlass.BFloat16.width, n)
    a, b, c = (fake(cutlass.BFloat16, (rows, n), div) for _ in range(3))
    return cute.compile(module._LigerGeGLUCuTeDSLForward(cutlass.BFloat16, n), a, b, c, stream())
