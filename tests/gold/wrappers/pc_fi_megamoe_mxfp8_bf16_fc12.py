"""flashinfer's MegaMoE fused FC1 + SwiGLU + FC2 with MXFP8 weights and BF16 activations for SM100, lean (single-rank)
path (flashinfer/moe_ep/kernel_src/sm100/cutedsl_megamoe/src/moe_mxfp8_bf16_glu/kernel_mxfp8_bf16_glu_fc12.py,
`Sm100SwapABMxfp8Bf16Fc12Kernel`, NVIDIA's): one persistent swap-AB kernel runs both GEMMs of every expert over the
token-sorted rows (`offs` = cumulative expert ends): the MXFP8 weights (E4M3, one E8M0 scale per 32 K) are the MMA's
A (M = output features, K, L = expert), TMA-loaded raw and expanded to BF16 by transform warps (the mixed-input
transform, into TMEM) before the 2-CTA tcgen05 BF16 MMA; the BF16 tokens are B (N = tokens). FC1's epilogue applies
SwiGLU (gate / up interleaved by 16) and the top-k weight and stores the BF16 intermediate, per-token-block counters
gate FC2 (intermediate x fc2 weights), whose epilogue stores `fc2_output`. Compiled as the package's host driver
(`moe_mxfp8_bf16_glu/runner_fc12.py`, `Mxfp8Bf16Fc12Tester.run_kernel` -> `SwigluBf16Fc12Tester.run_kernel`) does
with its CLI defaults: `mxfp8_bf16_e4m3`, mma tiler (256, 128, 128), cluster (2, 1, 1), 2-CTA, static scheduling,
`transform_buffer` "tmem", no accumulator overlap, `transform_k_tile` 128, token padding 64 (`EpilogueTokenTile`),
`epi_flag_batch` (1, 1), no clamp, `apply_topk_in_fc1` (the `deepgemm` reference graph); 8 experts, hidden 2048,
gate+up 1024; every tensor `from_dlpack(t, assumed_align=16).mark_layout_dynamic(leading_dim=...)`: the weights as
the runner's transposed views (hidden / intermediate mode contiguous), the stacked scale planes (experts, bytes), the
(rows, 1, hidden) FC2 output, the counter at alignment 4; `max_active_clusters` and the group hint 74 (a B200's 148
SMs in pairs; the runner asks the device). The runner's sys.path entries (the package's `src` directory, so its
modules import each other as `moe_mxfp8_bf16_glu`, `moe_nvfp4_swapab`, `common`) are added the same way.
"""

import os
import sys

from _common import dynamic_layout, flashinfer, stream

ARCH = "sm_100a"


def compile_only(max_active_clusters=74):
    import cutlass
    from cutlass import cute

    flashinfer("moe_ep")  # the torch stand-in and flashinfer's namespace, as the other loaders
    src = os.path.join(sys.modules["flashinfer"].__path__[0], "moe_ep", "kernel_src", "sm100", "cutedsl_megamoe",
                       "src")
    for path in (src, os.path.join(src, "moe_nvfp4_swapab")):
        if path not in sys.path:
            sys.path.insert(0, path)
    from moe_mxfp8_bf16_glu.epilogue_mxfp8_bf16 import EpilogueTokenTile
    from moe_mxfp8_bf16_glu.kernel_mxfp8_bf16_glu_fc12 import Sm100SwapABMxfp8Bf16Fc12Kernel

    kernel = Sm100SwapABMxfp8Bf16Fc12Kernel(
        mma_tiler_mnk=(256, 128, 128), cluster_shape_mnk=(2, 1, 1), use_2cta_instrs=True,
        group_hint=max_active_clusters, token_padding_block=EpilogueTokenTile, load_balance_mode="static",
        static_expert_shape=None, force_static_sched=True, clc_bundle_size=None, num_sched_stages=None,
        transform_buffer="tmem", accumulator_overlap=False, transform_k_tile=128, epi_flag_batch=(1, 1),
        gate_up_clamp=None, apply_topk_in_fc1=True)
    bf16, fp8, e8m0 = cutlass.BFloat16, cutlass.Float8E4M3FN, cutlass.Float8E8M0FNU
    return cute.compile(
        kernel,
        activation=dynamic_layout(bf16, 2),
        fc1_weight=dynamic_layout(fp8, 3, contiguous=1),
        fc1_weight_sf=dynamic_layout(e8m0, 2),
        fc1_output=dynamic_layout(bf16, 2),
        fc2_weight=dynamic_layout(fp8, 3, contiguous=1),
        fc2_weight_sf=dynamic_layout(e8m0, 2),
        fc2_output=dynamic_layout(bf16, 3),
        topk_scores=dynamic_layout(cutlass.Float32, 1),
        fc1_done_counter=dynamic_layout(cutlass.Int32, 1, align=4),
        offs=dynamic_layout(cutlass.Int32, 1),
        stream=stream(),
        max_active_clusters=max_active_clusters,
    )
