"""lightmoe's stable expert-major MoE dispatch (lightmoe/kernels/routing/dispatch.py, `MoEDispatchKernel`), sm_100a: two
kernels over 1024-pair chunks of the flattened (token, top-k slot) routing pairs: `kernel_hist` counts each chunk's
pairs per expert (warp ballots over an SMEM copy of the chunk), `kernel_scatter` sums the per-(chunk, expert) counts
into stable expert offsets and 128-row padded offsets and writes, without atomics, each pair's expert-ordered row (the
token index gathered, its probability, and the inverse slot), ranking pairs within 32-pair warp segments by ballots.
Compiled as `moe_dispatch` compiles it for `lightmoe.inference`'s prefill (`MoEDispatchKernel.compile(E, topk, B ==
1, use_pdl=True, gather_experts=False, plan_tile_rows=128)`) with 128 experts, top-8 and more than one 1024-pair
chunk (B > 1: the two-kernel path), through the package's own compile (fake tensors with symbolic sizes, TVM-FFI).
"""

from _common import lightmoe

ARCH = "sm_100a"


def compile_only():
    module = lightmoe("kernels.routing.dispatch")
    return module.MoEDispatchKernel.compile(128, 8, False, True, False, 128)
