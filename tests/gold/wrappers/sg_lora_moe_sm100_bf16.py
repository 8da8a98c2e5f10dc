"""sglang's MoE-LoRA base grouped GEMM for Blackwell (sglang/kernels/ops/lora/moe/cutedsl/kernel_sm100_bf16.py,
GroupedGemmKernelSm100Bf16: tcgen05 into TMEM, TMA loads, t2r / r2s / TMA-store epilogue), sm_100a, configured as
the masked bf16 provider compiles it (sglang/srt/lora/moe/base_gemm_provider/cutedsl_bf16.py
`CuteDslBf16MaskedProvider` -> `cutedsl_common._init_tiles` -> api.py `prepare_masked_bf16` / `_compile_prepared`):
the "wide" tile, mma_tiler_mn (128 output features, 64 tokens), cluster (1, 1), 1-CTA, mma_inst_tile_k 4, 128
persistent clusters, swap_ab, masked rows (not contiguous segments), bf16 in and out, fp32 accumulation, every extent
of the (expert, rows, k) tensors dynamic as `as_dynamic_cute_tensor` marks them; `max_active_clusters` a B200's SM
count. api.py's own jit wrapper `_grouped_gemm_bf16_swap_ab` cannot be imported here (api.py needs msgspec at
import), so `_swap_ab` below repeats its three `cute.select` views: weights (n, k, expert) in A's place, routed
tokens (m_max, k, expert) in B's, the output (n, m_max, expert) as C.
"""

from _common import dynamic, sglang, stream, tensor

ARCH = "sm_100a"


def compile_only(token_width=64, persistent_clusters=128, max_active_clusters=148):
    import cutlass
    from cutlass import cute

    module = sglang("kernels.ops.lora.moe.cutedsl.kernel_sm100_bf16")

    @cute.jit
    def _swap_ab(gemm_op: cutlass.Constexpr, a, b, c, group_m, direct_schedule, schedule_tiles,
                 max_active: cutlass.Constexpr, s):
        weight_mke = cute.make_tensor(b.iterator, cute.select(b.layout, mode=[1, 2, 0]))
        token_nke = cute.make_tensor(a.iterator, cute.select(a.layout, mode=[1, 2, 0]))
        output_mne = cute.make_tensor(c.iterator, cute.select(c.layout, mode=[2, 1, 0]))
        gemm_op(weight_mke, token_nke, output_mne, group_m, direct_schedule, schedule_tiles, max_active, s,
                lambda x: x)

    gemm = module.GroupedGemmKernelSm100Bf16(acc_dtype=cutlass.Float32, use_2cta_instrs=False,
                                            mma_tiler_mn=(128, token_width), cluster_shape_mn=(1, 1),
                                            mma_inst_tile_k=4, persistent_clusters=persistent_clusters,
                                            swap_ab=True, contiguous_segments=False)
    experts, rows, k, n = dynamic(), dynamic(), dynamic(8), dynamic(8)
    a = tensor(cutlass.BFloat16, (experts, rows, k), order=(2, 1, 0))
    b = tensor(cutlass.BFloat16, (experts, n, k), order=(2, 1, 0))
    c = tensor(cutlass.BFloat16, (experts, rows, n), order=(2, 1, 0))
    group_m = tensor(cutlass.Int32, (dynamic(),))
    direct_schedule = tensor(cutlass.Int64, (dynamic(),))
    schedule_tiles = tensor(cutlass.Int32, (dynamic(),))
    return cute.compile(_swap_ab, gemm, a, b, c, group_m, direct_schedule, schedule_tiles, max_active_clusters,
                        stream())
