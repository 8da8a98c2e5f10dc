"""sglang's DeepSeek-V3 fused-A GEMM (sglang/kernels/ops/gemm/cutedsl_dsv3_fused_a_gemm.py,
`_dsv3_fused_a_gemm_kernel`): out[M, N] = mat_a[M, K] @ weight for decode (M <= 16 tokens), AB-swapped (the weight's
rows are the mma.sync's M), warp-specialised 4-way split-K, cp.async + mbarrier ring, raw ldmatrix / mma.sync PTX.
sm_90a, compiled as its `_compiled_kernel` does for DeepSeek-V3's fused q_a / kv_a projection: N = 2112 output
features, K = 7168 hidden (num_kt = 28 tiles of 256), up to 8 tokens (`_pick_tile_n`: tile_n 8), an H100's shared
memory (`_pick_nstage`: 16 stages), the weight and the tokens passed as int32 views (bf16 pairs) and the output bf16,
all static shapes as `from_dlpack` gives them, M = 16 at compile time.
"""

from _common import sglang, stream, tensor

ARCH = "sm_90a"


def compile_only(gemm_m=2112, k=7168, tile_n=8):
    import cutlass
    from cutlass import cute
    from cutlass.utils import get_smem_capacity_in_bytes

    module = sglang("kernels.ops.gemm.cutedsl_dsv3_fused_a_gemm",
                    host_only=("kernels.kernel_api_logging", "srt.utils", "srt.utils.common"))
    num_kt = k // module.TILE_K
    nstage = min((get_smem_capacity_in_bytes("sm_90") // 4 - module._BAR_I32) // module._stage_i32(tile_n),
                 module.MAX_NSTAGE, num_kt)
    smem_bytes = (module._BAR_I32 + nstage * module._stage_i32(tile_n)) * 4
    weight = tensor(cutlass.Int32, (gemm_m, k // 2), order=(1, 0))
    tokens = tensor(cutlass.Int32, (16, k // 2), order=(1, 0))
    out = tensor(cutlass.BFloat16, (16, gemm_m), order=(1, 0))
    return cute.compile(module._dsv3_fused_a_gemm_host, weight, tokens, out, cutlass.Int32(16), stream(), num_kt,
                        gemm_m, smem_bytes, nstage, tile_n)
