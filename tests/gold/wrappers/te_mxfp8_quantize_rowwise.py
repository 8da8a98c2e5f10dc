"""Transformer Engine's CuTeDSL MXFP8 quantization (transformer_engine/common/CuTeDSL/cast/mxfp8/quantize_mxfp8.py),
sm_100a, compiled by the package's own `compile_cutedsl_function_from_cfg` for a plain bf16 -> E4M3 rowwise-only
cast (compact scales, no amax, dbias or activation): `MXFP8QuantizeEntry` compiles the specialized rowwise kernel
(vectorized global loads and stores, no TMA; taken when N % 128 == 0) and the general kernel behind run-time shape
checks. The general kernel's records are judged in te_mxfp8_quantize (both directions); here only the specialized
rowwise kernel's.
"""

from _common import transformer_engine

ARCH = "sm_100a"


def compile_only():
    module = transformer_engine("common.CuTeDSL.cast.mxfp8.quantize_mxfp8")
    cfg = module.MXFP8QuantizeConfig(dtype="BFloat16", fp8_dtype="Float8E4M3", rowwise=True, colwise=False,
                                     with_gemm_swizzled_scales=False, with_amax=False, activation="none")
    return module.compile_cutedsl_function_from_cfg(cfg)
