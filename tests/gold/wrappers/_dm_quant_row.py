"""dist-moe's row-wise block-scaled quantizer (`_QuantizeBlockScaledRow`) compiled in one configuration: the
wrappers dm_quant_row_gather_mxfp8 and dm_quant_row_swiglu_nvfp4 name theirs."""

from _common import dist_moe


def compile_row_quant(format_name, layout_name, producer_name):
    """`_QuantizeBlockScaledRow.compile` past its cache: bf16, no half-range scale, no fast math, no clamp, both word
    views aligned; the format, scale layout and producer by the module's constant names."""
    import cutlass

    module = dist_moe("blockscaled_quantize")
    return module._QuantizeBlockScaledRow.compile.__wrapped__(
        cutlass.BFloat16, getattr(module, format_name), getattr(module, layout_name), getattr(module, producer_name),
        False, False, False, 1.702, 7.0, True, True)
