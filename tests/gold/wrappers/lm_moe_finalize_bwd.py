"""lightmoe's MoE combine backward gather (lightmoe/kernels/routing/combine.py, `MoEFinalizeBwdKernel`), sm_100a:
out[s] = probs[s] * dY[tok[s]] for each expert-ordered slot s (bf16 store, fp32 scale), with the per-CTA amax of the
stored values and the per-slot router-gradient dot products <yw[s], dY[tok[s]]> folded across lanes, warps and SMEM.
Compiled as `moe_finalize_bwd(dY, tok, probs, out, amax_out=..., yw=..., dot_out=...)` compiles it (`tile_s=8`, 256
threads, both partials on, as `lightmoe.training`'s backward requests them), bf16, through the package's own
`MoEFinalizeBwdKernel.compile` (fake tensors with symbolic sizes, TVM-FFI).
"""

from _common import lightmoe

ARCH = "sm_100a"


def compile_only():
    import cutlass

    module = lightmoe("kernels.routing.combine")
    return module.MoEFinalizeBwdKernel.compile(cutlass.BFloat16, 8, 256, True, True)
