"""vLLM's DeepSeek-V4 fused indexer-query kernel, MXFP4 form (vllm/models/deepseek_v4/nvidia/ops/fused_indexer_q_cutedsl.py,
`IndexerQMxFp4Kernel`), sm_100a: the same per-thread load + interleaved RoPE as the FP8 form (`_load_q_and_rope`: 8-thread
subwarps, `coarsen` heads x 16 head-dim values per thread), then per head a 2-thread amax (two threads' 16 values make
one 32-value MXFP4 block), a UE8M0 block scale written by the even thread, the 16 values scaled and packed to 8 FP4
bytes (one 64-bit store per head), and the indexer weights scaled by one logical thread each. No MMA, no SMEM.
Compiled as the class's warm-up path compiles it (`get_warmup_keys` for the FP4 indexer, `warmup_inputs(compile_key)`'s
fake tensors): DeepSeek-V4's indexer (64 heads, head dim 128, RoPE dim 64), FP32 cos/sin cache, FP32 weights out (the
dense scoring kernels' dtype), coarsen 4 (the form from 512 tokens up); q (tokens, 64, 128) bf16, q_packed (tokens, 64,
64) uint8, q_scale (tokens, 64, 4) uint8. The warm-up registry module and the vendored flash-attn `cute.utils` are the
real ones, loaded with their package __init__s skipped.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(heads=64, head_dim=128, rope_dim=64, coarsen=4):
    import cutlass
    from cutlass import cute

    vllm("model_executor.warmup.jit_warmup_cutedsl_helper")
    vllm("vllm_flash_attn.cute.utils")  # its package __init__ loads the FA2/FA3 extensions: registered, not run
    module = vllm("models.deepseek_v4.nvidia.ops.fused_indexer_q_cutedsl")
    kernel = module.IndexerQMxFp4Kernel()
    key = module.IndexerQMxFp4Kernel.CompileKey(head_dim=head_dim, rope_dim=rope_dim, num_heads=heads,
                                                 cos_sin_dtype=cutlass.Float32, weights_out_dtype=cutlass.Float32,
                                                 coarsen=coarsen)
    return cute.compile(module.IndexerQMxFp4Kernel.kernel(key), *kernel.warmup_inputs(key),
                        cute.runtime.make_fake_stream())
