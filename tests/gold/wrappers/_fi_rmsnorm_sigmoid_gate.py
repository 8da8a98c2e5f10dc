"""flashinfer's fused per-head output RMSNorm + sigmoid gate (flashinfer/norm/kernels/rmsnorm_sigmoid_gate.py,
`_rmsnorm_sigmoid_gate_kernel`), compiled as its host path's `_get_compiled` compiles one `_launch_config` build:
bf16 x and gate `(sym tokens, heads, 64)` with strides `(token stride, 64, 1)` by `cute.runtime.make_fake_tensor`,
x passed again as the output (the op writes in place), eps 1e-5, PDL off. `--enable-tvm-ffi` is not passed (it
changes no layout). The two `pc_fi_rmsnorm_sigmoid_gate_*` wrappers name one build each."""

from _common import flashinfer, stream


def compile_build(num_heads: int, lanes: int, warps: int, cluster: int):
    """The build for `num_heads` heads of contiguous tokens, `lanes` lanes a 64-value row, `warps` warps a CTA and a
    `cluster`-CTA cluster, as `_launch_config` and `rmsnorm_sigmoid_gate` pick them."""
    import cutlass
    from cutlass import cute

    module = flashinfer("norm.kernels.rmsnorm_sigmoid_gate", host_only=("cute_dsl.availability", "jit.cute_dsl_core"))
    token_stride = num_heads * module.HEAD_DIM
    shape = (cute.sym_int(), num_heads, module.HEAD_DIM)
    x, gate = (cute.runtime.make_fake_tensor(cutlass.BFloat16, shape, stride=(token_stride, module.HEAD_DIM, 1),
                                             assumed_align=16) for _ in range(2))
    return cute.compile(module._launch, x, gate, x, cutlass.Float32(1e-5), stream(), num_heads, token_stride,
                        token_stride, token_stride, lanes, warps, cluster, False)
