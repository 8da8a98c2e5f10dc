"""vLLM's DeepSeek-V4 dequantize-and-gather of the paged FP8 K cache (vllm/models/deepseek_v4/nvidia/ops/
dequant_gather_k_cutedsl.py, `DequantGatherKCacheKernel`), sm_100a: one CTA per (request, worker), each warp walking
the request's tokens; per token the warp cp.asyncs the 576-byte record (448 E4M3 NoPE values + the 64-value bf16 RoPE
tail, 16 bytes per lane) and its 7 UE8M0 scale bytes into a 4-stage per-warp SMEM ring, then each lane reads 8 FP8
values per half (64-bit loads), dequantizes them to bf16 with the scale of its 64-value group (or copies the bf16
tail) and stores two 16-byte chunks of the token's 512-wide bf16 row.
Compiled as the kernel object's `compile` compiles its first warmup key (`get_warmup_keys`: the cache block size, with
gather lengths) through `compile_cutedsl` with the fake inputs of `warmup_inputs`, for a block size of 64 and V4's
record format (fp8_dim 448, scale groups of 64).
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(block_size=64):
    helper = vllm("model_executor.warmup.jit_warmup_cutedsl_helper")  # first: registers its packages, __init__s skipped
    module = vllm("models.deepseek_v4.nvidia.ops.dequant_gather_k_cutedsl",
                  host_only=("transformers_utils.deepseek_v4_utils",))
    owner = module.DequantGatherKCacheKernel
    key = owner.CompileKey(block_size=block_size, has_gather_lens=True)
    return helper.compile_cutedsl(owner.kernel(key), *owner.warmup_inputs(owner, key))
