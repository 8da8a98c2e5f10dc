"""flashinfer's fused gated residual RMSNorm (flashinfer/norm/kernels/gated_residual_rmsnorm.py), compiled as its host
path's `_get_compiled` compiles one `_config` build: bf16 branch rows and weight, an FP32 residual stream, alpha, beta
and output, a run-time row count, the hidden size the kernel fixes. The three `pc_fi_gated_rmsnorm_*` wrappers name
one build each."""

from _common import dynamic, flashinfer, row_major, stream, tensor


def compile_build(vec: int, s: int, mode: int, lowreg: bool, mbpm: int, cx: int):
    """The build of `VEC = vec` elements a lane, `S = s` column segments, `MODE`, the low-register fold, the
    min-blocks hint and the cluster's column count `cx`; gain centre 0, PDL off."""
    import cutlass

    module = flashinfer("norm.kernels.gated_residual_rmsnorm", host_only=("jit", "jit.cute_dsl_core"))
    h, t = module.H, module.T
    rows = dynamic()
    branch = row_major(cutlass.BFloat16, (rows, h))
    residual = row_major(cutlass.Float32, (rows, h))
    weight = tensor(cutlass.BFloat16, (h,))
    gate = tensor(cutlass.Float32, (h,))
    output = row_major(cutlass.Float32, (rows, h))
    smem = 128 + (4 * h // s if s >= 2 else 0)
    return cutlass.cute.compile(module._gated_residual_rmsnorm_launch, branch, residual, weight, gate, gate, output,
                                stream(), vec, s, h // (vec * t * s), mode, lowreg, 0.0, 1e-6, smem, mbpm, cx, False)
