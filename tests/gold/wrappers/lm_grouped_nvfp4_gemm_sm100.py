"""lightmoe's persistent grouped NVFP4 GEMM (lightmoe/kernels/grouped/kernel.py, `GroupedGemmKernel`, derived from
CUTLASS's grouped block-scaled example), sm_100a: per expert e, C[rows of e] = alpha * A[rows of e] B[e]^T, the
expert-ordered token rows A (NVFP4, expert offsets from `cu_seqlens_m` on the GPU) against batched expert weights B
(experts, N, K), E4M3 scales per 16 K values, tcgen05 block-scaled MMAs into TMEM, bf16 C by TMA.
Compiled as `lightmoe.kernels.grouped.runtime._compile_grouped` compiles it for `lightmoe.training`'s down projection
(`_grouped_gemm("fc2", d, I, _GKW)`: I <= 1024 picks tile 128 x 256, cluster (1, 1); bf16 output, no activation
epilogue, static schedule (K <= 2048), one alpha, no PDL / swap / decode options) with 8 experts, d = 2048, I = 1024.
The package's seed tensors (`_seed_tensor`: torch (32 x 32 x 1) matrices, only their dtype and major mode matter) are
fake tensors of the same dtype and leading mode here; `HardwareInfo().get_max_active_clusters(1)` needs a GPU: a
B200's 148 SMs stand in for it.
"""

from _common import lightmoe

ARCH = "sm_100a"
EXPERTS, N, K, TILE_M, TILE_N = 8, 2048, 1024, 128, 256
MAX_ACTIVE_CLUSTERS = 148


def _seed(dtype, leading_mode):
    from cutlass import cute

    stride = tuple(1 if i == leading_mode else cute.sym_int64(divisibility=32) for i in range(3))
    shape = tuple(cute.sym_int(divisibility=32) if i == leading_mode else cute.sym_int() for i in range(3))
    return cute.runtime.make_fake_tensor(dtype, shape, stride=stride, assumed_align=16)


def compile_only():
    import cutlass
    from cutlass import Float32, Int32, cute

    runtime = lightmoe("kernels.grouped.runtime")
    common = lightmoe("kernels._common")
    module = lightmoe("kernels.grouped.kernel")
    fake = common.fake_tensor
    fp4, e4m3, bf16 = cutlass.Float4E2M1FN, cutlass.Float8E4M3FN, cutlass.BFloat16
    seeds = (_seed(fp4, 1), _seed(fp4, 1), _seed(bf16, 1), _seed(e4m3, 1), _seed(e4m3, 1))
    rows, c_rows, preact_rows, aux_rows, sfa_rows, plan_rows, gather_rows = (cute.sym_int() for _ in range(7))
    runtime_inputs = (
        fake(fp4, (rows, K), 32),
        fake(fp4, (EXPERTS, N, K), 32),
        fake(bf16, (c_rows, N), 8),
        fake(bf16, (preact_rows, N * 2), 8),
        fake(bf16, (aux_rows, N), 8),
        fake(e4m3, (1, sfa_rows, K // 64, 32, 4, 4)),
        fake(e4m3, (EXPERTS, -(-N // 128), K // 64, 32, 4, 4)),
        fake(Int32, (EXPERTS + 1,), 1),
        fake(Int32, (1,), 1),
        fake(Int32, (plan_rows,), 1),
        fake(Int32, (gather_rows,), 1),
    )
    alpha = fake(Float32, (1,), 1)
    output_sf = fake(e4m3, (1, sfa_rows, K // 64, 32, 4, 4))
    output_scale = fake(Float32, (2,), 1)
    kernel = module.GroupedGemmKernel(16, (TILE_M, TILE_N), (1, 1), activation=None, dactivation=None,
                                      save_preact=False, gated_clamp_limit=0.0, activation_sigmoid_alpha=1.0,
                                      activation_up_bias=0.0, mma_inst_tile_k=4, use_dynamic_sched=False,
                                      use_pdl=False, swap_ab=False, fast_decode_sched=False, direct_routes=0,
                                      broadcast_a=False, gather_b=False, ab_stages=0, direct_c_store=False,
                                      decode_grid_mode=runtime.DECODE_GRID_PERSISTENT)
    return cute.compile(kernel, *seeds, *runtime_inputs, EXPERTS, N, K, alpha, output_sf, output_scale,
                        MAX_ACTIVE_CLUSTERS, MAX_ACTIVE_CLUSTERS, cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True),
                        options="--enable-tvm-ffi --opt-level 2")
