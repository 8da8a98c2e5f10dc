"""flashinfer's MegaMoE input staging (flashinfer/moe_ep/kernel_src/sm100/cutedsl_megamoe/src/src/inputs_process.py,
`DataPreprocess`): bf16 hidden states quantized to the MegaMoE GEMMs' packed activation and block scales, and the
routing tensors repacked with padding-token masking, compiled as the module's own harness (`_run_case`) calls it:
every tensor `from_dlpack(t, assumed_align=a).mark_layout_dynamic()` (run-time extents and strides, the last mode
contiguous; 16-byte alignment for the activations, 4 for the rest), no padding info (None). The two
`pc_fi_megamoe_inputs_*` wrappers name one quant kind each."""

from _common import dynamic_layout, flashinfer, stream

HIDDEN, TOPK = 4096, 8


def compile_build(quant_type: str):
    import cutlass

    module = flashinfer("moe_ep.kernel_src.sm100.cutedsl_megamoe.src.src.inputs_process")
    nvfp4 = quant_type == "nvfp4"
    quant = cutlass.Float4E2M1FN if nvfp4 else cutlass.Float8E4M3FN
    sf = cutlass.Float8E4M3FN if nvfp4 else cutlass.Float8E8M0FNU
    args = [dynamic_layout(cutlass.BFloat16, 2), dynamic_layout(cutlass.Int32, 2, align=4),
            dynamic_layout(cutlass.Float32, 2, align=4), None, dynamic_layout(quant, 2),
            dynamic_layout(sf, 2, align=4), dynamic_layout(cutlass.Int64, 2, align=4),
            dynamic_layout(cutlass.Float32, 2, align=4), stream()]
    online = dynamic_layout(cutlass.Float32, 1, align=4) if nvfp4 else None
    return cutlass.cute.compile(module.DataPreprocess(TOPK, HIDDEN, quant_type), *args, online_norm_const=online)
