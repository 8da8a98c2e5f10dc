"""sglang's Blackwell dual GEMM + SwiGLU for small-batch decode (sglang/kernels/ops/gemm/cutedsl_dual_gemm.py,
BlackwellDualGemmKernel: gate = x Wg^T and up = x Wu^T by two tcgen05 MMAs from one TMA-loaded input tile, then
silu(gate) * up), sm_100a, compiled as `_dual_gemm_swiglu_run` compiles it (bf16, unquantized) for 4 decode tokens,
hidden 4096 and intermediate 14336 on a B200 (148 SMs): `_pick_float16_tactic` gives tactic 2 (64 features x 16
token columns, K 128, 3 stages, a paired 2-CTA MMA); every tensor (1, rows, reduction) with dynamic extents, as
`_cute_tensor_dynamic` marks them, the output passed in the unused scale / counter slots, by cute.experimental's
compile.
"""

from _common import dynamic, sglang, stream, tensor

ARCH = "sm_100a"


def compile_only(tokens=4, hidden=4096, intermediate=14336, tactic=2):
    import cutlass
    from cutlass.cute import experimental as cute_ext

    module = sglang("kernels.ops.gemm.cutedsl_dual_gemm",
                    host_only=("kernels.kernel_api_logging", "srt.utils", "srt.utils.common"))
    cta_features, cta_tokens, cta_reduction, stages, use_2cta = module._resolve_tactic(tactic, False)
    kernel = module.BlackwellDualGemmKernel(num_tokens=tokens, intermediate_size=intermediate,
                                            element_type=cutlass.BFloat16, quantize_output=False,
                                            quant_mode=module.DualGemmQuantMode.UNQUANT, cta_features=cta_features,
                                            cta_tokens=cta_tokens, cta_reduction=cta_reduction, stages=stages,
                                            use_2cta=use_2cta)

    def operand():
        return tensor(cutlass.BFloat16, (dynamic(), dynamic(), dynamic(8)), order=(2, 1, 0), align=32)

    x, gate, up, output = operand(), operand(), operand(), operand()
    return cute_ext.compile(module._dual_gemm_sm100_wrapper, kernel, x, gate, up, output, output, output, output,
                            output, output, output, stream())
