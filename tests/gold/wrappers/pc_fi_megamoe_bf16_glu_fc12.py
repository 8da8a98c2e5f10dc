"""flashinfer's MegaMoE fused FC1 + SwiGLU + FC2 BF16 grouped GEMM for SM100, lean (single-rank) path
(flashinfer/moe_ep/kernel_src/sm100/cutedsl_megamoe/src/moe_bf16_glu/kernel_bf16_glu_fc12.py,
`Sm100SwigluBf16Fc12Kernel`, NVIDIA's): one persistent kernel runs both GEMMs of every expert over the token-sorted
rows (`offs` = cumulative expert ends): FC1 = activation[M, hidden] x fc1_weight[e]^T (gate and up interleaved in
32-column groups) on 2-CTA tcgen05 (256 x 256 MMA tiles) into TMEM, an epilogue applying SwiGLU and the top-k weight
and storing the bf16 intermediate (`fc1_output`) by TMA, per-token-block completion counters (`fc1_done_counter`)
that gate FC2 = fc1_output[M, inter/2] x fc2_weight[e]^T on the same MMA, whose epilogue TMA-stores `fc2_output`.
Warp-specialised (4 epilogue warps, an MMA warp, two TMA warps, a scheduler warp with the fused FC1/FC2 tile
scheduler). Compiled as the package's host driver (`moe_bf16_glu/runner_fc12.py`, `SwigluBf16Fc12Tester.run_kernel`)
does with its CLI defaults and the BF16 geometry of `TrainingImplDesc`: mma tiler (256, 256, 64), cluster (2, 1, 1),
2-CTA instructions, static scheduling, token padding block 64 (the epilogue's token tile; no `generate_c`),
`apply_topk_in_fc1` (the default `deepgemm` reference graph), 8 experts, hidden 2048, gate+up width 1024; every tensor
`from_dlpack(t, assumed_align=16).mark_layout_dynamic(leading_dim=...)` (the weights' hidden / inter mode
contiguous as the runner's permutes leave them), the counter at alignment 4; `max_active_clusters` and the group
hint 74 (a B200's 148 SMs in 2-CTA clusters; the runner asks the device). The runner's sys.path entries (the
package's `src` directory, so its modules import each other as `moe_bf16_glu`, `moe_nvfp4_swapab`, `common`) are
added the same way.
"""

import os
import sys

from _common import dynamic_layout, flashinfer, stream

ARCH = "sm_100a"


def compile_only(experts=8, hidden=2048, intermediate=1024, max_active_clusters=74):
    import cutlass
    from cutlass import cute

    flashinfer("moe_ep")  # the torch stand-in and flashinfer's namespace, as the other loaders
    src = os.path.join(sys.modules["flashinfer"].__path__[0], "moe_ep", "kernel_src", "sm100", "cutedsl_megamoe",
                       "src")
    for path in (src, os.path.join(src, "moe_nvfp4_swapab")):
        if path not in sys.path:
            sys.path.insert(0, path)
    from moe_bf16_glu.kernel_bf16_glu_fc12 import Sm100SwigluBf16Fc12Kernel

    kernel = Sm100SwigluBf16Fc12Kernel(
        mma_tiler_mnk=(256, 256, 64), cluster_shape_mnk=(2, 1, 1), use_2cta_instrs=True,
        group_hint=max_active_clusters, token_padding_block=64, load_balance_mode="static",
        static_expert_shape=None, force_static_sched=True, clc_bundle_size=None, num_sched_stages=None,
        ab_dtype=cutlass.BFloat16, epi_flag_batch=(1, 1), gate_up_clamp=None, apply_topk_in_fc1=True,
        generate_c=False, use_stg_fc1=False)
    bf16 = cutlass.BFloat16
    return cute.compile(
        kernel,
        activation=dynamic_layout(bf16, 2),
        fc1_weight=dynamic_layout(bf16, 3, contiguous=1),
        fc1_output=dynamic_layout(bf16, 2),
        fc2_weight=dynamic_layout(bf16, 3, contiguous=1),
        fc2_output=dynamic_layout(bf16, 2),
        topk_scores=dynamic_layout(cutlass.Float32, 1),
        fc1_done_counter=dynamic_layout(cutlass.Int32, 1, align=4),
        offs=dynamic_layout(cutlass.Int32, 1),
        stream=stream(),
        max_active_clusters=max_active_clusters,
    )
