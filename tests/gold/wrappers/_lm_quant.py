"""The compile both lightmoe NVFP4 quantizer wrappers share (lm_nvfp4_quant_rowwise, lm_nvfp4_quant_colwise_rht): one
kernel class, `NVFP4QuantKernel`, compiled by the package's own `compile` (symbolic-size fake tensors, TVM-FFI) with the
mode and options each host call passes (see the wrappers), for a bf16 input, round-to-nearest, blocked scales and
8 experts with padded tile offsets."""

from _common import lightmoe

EXPERTS = 8


def compile_quantizer(mode: str, gather: bool, rht: bool, emit_amax: bool, te_row_math: bool):
    import cutlass

    module = lightmoe("kernels.quantize.kernel")
    return module.NVFP4QuantKernel.compile(cutlass.BFloat16, mode, gather, "rn", "blocked", rht, emit_amax,
                                           te_row_math, True, EXPERTS)
