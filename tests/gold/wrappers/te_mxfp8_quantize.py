"""Transformer Engine's CuTeDSL MXFP8 quantization (transformer_engine/common/CuTeDSL/cast/mxfp8/quantize_mxfp8.py),
sm_100a, compiled by the package's own `compile_cutedsl_function_from_cfg` (what `get_mxfp8_quantization_function`
calls for the C++ dispatcher on Blackwell) for a plain bf16 -> E4M3 cast in both directions (rowwise and columnwise
data and E8M0 scales, compact scale layout, no amax, dbias or activation): `MXFP8QuantizeEntry` compiles the
specialized bidimensional kernel and the general kernel (its two bounds variants) behind a run-time shape check.
"""

from _common import transformer_engine

ARCH = "sm_100a"


def compile_only():
    module = transformer_engine("common.CuTeDSL.cast.mxfp8.quantize_mxfp8")
    cfg = module.MXFP8QuantizeConfig(dtype="BFloat16", fp8_dtype="Float8E4M3", rowwise=True, colwise=True,
                                     with_gemm_swizzled_scales=False, with_amax=False, activation="none")
    return module.compile_cutedsl_function_from_cfg(cfg)
