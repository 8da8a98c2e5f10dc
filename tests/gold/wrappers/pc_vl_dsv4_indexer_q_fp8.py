"""vLLM's DeepSeek-V4 fused indexer-query kernel, FP8 form (vllm/models/deepseek_v4/nvidia/ops/fused_indexer_q_cutedsl.py,
`IndexerQFp8Kernel`), sm_100a: per token, each 8-thread subwarp owns `coarsen` query heads x 16 head-dim values per
thread (one 32-byte load per head), applies interleaved RoPE to the trailing 64 head-dim values (cos / sin loaded 8 at a
time from the position's row of the cache), reduces each head's amax across the subwarp, rounds the FP8 scale up to a
power of two, folds it into the head's indexer weight and writes the head's 128 E4M3 values (one 16-byte store per
thread) and the weight. No MMA, no SMEM. Compiled as the class's warm-up path compiles it (`get_warmup_keys` for the
FP8 indexer, `warmup_inputs(compile_key)`'s fake tensors): DeepSeek-V4's indexer (64 heads, head dim 128, RoPE dim
64), FP32 cos/sin cache, coarsen 4 (the form `__call__` picks from 512 tokens up); q (tokens, 64, 128) bf16, positions
int64, cos_sin_cache (positions, 64) fp32, weights (tokens, 64) bf16, q_fp8 (tokens, 64, 128) uint8, weights_out fp32.
The warm-up registry module and the vendored flash-attn `cute.utils` it takes warp_reduce / fmax from are the real
ones, loaded with their package __init__s skipped.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(heads=64, head_dim=128, rope_dim=64, coarsen=4):
    import cutlass
    from cutlass import cute

    vllm("model_executor.warmup.jit_warmup_cutedsl_helper")
    vllm("vllm_flash_attn.cute.utils")  # its package __init__ loads the FA2/FA3 extensions: registered, not run
    module = vllm("models.deepseek_v4.nvidia.ops.fused_indexer_q_cutedsl")
    kernel = module.IndexerQFp8Kernel()
    key = module.IndexerQFp8Kernel.CompileKey(head_dim=head_dim, rope_dim=rope_dim, num_heads=heads,
                                               cos_sin_dtype=cutlass.Float32, coarsen=coarsen)
    return cute.compile(module.IndexerQFp8Kernel.kernel(key), *kernel.warmup_inputs(key),
                        cute.runtime.make_fake_stream())
