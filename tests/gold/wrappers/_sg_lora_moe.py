"""The compile both sglang MoE-LoRA base grouped GEMM wrappers share (sg_lora_moe_sm90_bf16, sg_lora_moe_sm100_bf16):
the kernels differ by module and class only; their masked bf16 provider configures both alike (see the wrappers)."""

from _common import dynamic, sglang, stream, tensor


def compile_masked_bf16(module_name: str, class_name: str, token_width: int, persistent_clusters: int,
                        max_active_clusters: int):
    import cutlass
    from cutlass import cute

    module = sglang(module_name)

    @cute.jit
    def _swap_ab(gemm_op: cutlass.Constexpr, a, b, c, group_m, direct_schedule, schedule_tiles,
                 max_active: cutlass.Constexpr, s):
        weight_mke = cute.make_tensor(b.iterator, cute.select(b.layout, mode=[1, 2, 0]))
        token_nke = cute.make_tensor(a.iterator, cute.select(a.layout, mode=[1, 2, 0]))
        output_mne = cute.make_tensor(c.iterator, cute.select(c.layout, mode=[2, 1, 0]))
        gemm_op(weight_mke, token_nke, output_mne, group_m, direct_schedule, schedule_tiles, max_active, s,
                lambda x: x)

    gemm = getattr(module, class_name)(acc_dtype=cutlass.Float32, use_2cta_instrs=False,
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
