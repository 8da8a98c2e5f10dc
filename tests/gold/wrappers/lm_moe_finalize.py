"""lightmoe's deterministic MoE combine (lightmoe/kernels/routing/combine.py, `MoEFinalizeKernel`), sm_100a:
out[t] = sum over token t's top-k slots of probs[slot] * yw[slot], the expert-ordered rows gathered by the slot table
in a fixed order, accumulated in fp32 registers from 128-bit vector loads, one 128-bit store per vector.
Compiled as `lightmoe.inference`'s decode path calls `moe_finalize(routed_out, slots, output, topk, tile_t=1,
n_frag=2, weights=probs, use_pdl=True, num_threads=768)` (hidden size >= 2048) with bf16 rows and top-8 routing,
through the package's own `MoEFinalizeKernel.compile` (fake tensors with symbolic sizes, TVM-FFI).
"""

from _common import lightmoe

ARCH = "sm_100a"
TOPK = 8


def compile_only():
    import cutlass

    module = lightmoe("kernels.routing.combine")
    return module.MoEFinalizeKernel.compile(cutlass.BFloat16, TOPK, 1, 768, 2, True, True, False, False)
