"""sglang's MoE-LoRA base grouped GEMM for Hopper (sglang/kernels/ops/lora/moe/cutedsl/kernel_sm90_bf16.py,
GroupedGemmKernelSm90Bf16), sm_90a, configured as the masked bf16 provider compiles it
(sglang/srt/lora/moe/base_gemm_provider/cutedsl_bf16.py `CuteDslBf16MaskedProvider` -> `cutedsl_common._init_tiles`
-> api.py `prepare_masked_bf16` / `_compile_prepared`): the "wide" tile, mma_tiler_mn (128 output features, 64 tokens),
cluster (1, 1), 1-CTA, mma_inst_tile_k 4, 128 persistent clusters, swap_ab, masked rows (not contiguous segments),
bf16 in and out, fp32 accumulation, every extent of the (expert, rows, k) tensors dynamic as `as_dynamic_cute_tensor`
marks them; `max_active_clusters` an H100's SM count. api.py's own jit wrapper `_grouped_gemm_bf16_swap_ab` cannot be
imported here (api.py needs msgspec at import), so `_sg_lora_moe._swap_ab` repeats its three `cute.select` views: weights
(n, k, expert) in A's place, routed tokens (m_max, k, expert) in B's, the output (n, m_max, expert) as C.
"""

from _sg_lora_moe import compile_masked_bf16

ARCH = "sm_90a"


def compile_only(token_width=64, persistent_clusters=128, max_active_clusters=132):
    return compile_masked_bf16("kernels.ops.lora.moe.cutedsl.kernel_sm90_bf16", "GroupedGemmKernelSm90Bf16", token_width,
                               persistent_clusters, max_active_clusters)
