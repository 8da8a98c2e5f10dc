"""flashinfer's fused KDA decode (flashinfer/kda_kernels/fused_kda_decode.py, `_fused_kda_decode_kernel` through its
launcher `_fused_kda_decode_launch`), sm_100a, on the CuTe DSL path of `run_fused_kda_decode` (the Cake variants not
taken): `_get_compiled_kernel` with its defaults, fp32 state, `lower_bound` -5.0 (the sigmoid-bounded gate), norm eps
1e-5, direct T = 1 (`packed_t1` False); head dim 128 fixed, 16 warps; every fake tensor from the module's own
`_make_compile_inputs` (run-time rows, heads and state / conv slots, the rows' and slots' strides run-time), the
stream a plain fake one (`--enable-tvm-ffi` not passed: it changes no layout).
"""

from _common import flashinfer, stream

ARCH = "sm_100a"


def compile_only(lower_bound=-5.0, norm_eps=1e-5):
    import cutlass

    module = flashinfer("kda_kernels.fused_kda_decode",
                        host_only=("jit", "jit.cake_fused_kda_decode", "jit.cute_dsl_core", "utils"))
    inputs = module._make_compile_inputs(cutlass.Float32)[:-1]
    return cutlass.cute.compile(module._fused_kda_decode_launch, *inputs, stream(), False, False, True,
                                lower_bound, norm_eps)
