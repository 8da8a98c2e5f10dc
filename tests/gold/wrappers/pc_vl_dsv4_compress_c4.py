"""vLLM's DeepSeek-V4 sparse-attention KV compressor, the fused C4 form (vllm/models/deepseek_v4/nvidia/ops/
sparse_attn_compress_cutedsl.py, `SparseAttnCompressNormRopeStoreC4Kernel`), sm_100a: one CTA per token; at every 4th
position (a compression boundary) the CTA reads the 8-row overlapping window of the paged compressor state (each row
holds 2 x 512 KV features then their 2 x 512 gate scores, fp32) through the block table, pools the window by an online
softmax of the scores per feature (each thread 8 features, loaded as 2 x 4-float copies), RMSNorms the 512 pooled
features (warp sums through SMEM), applies RoPE to the last 64 and E4M3-quantizes the other 448 in 64-wide UE8M0
blocks, and writes the compressed K row and scales into the paged FP8 cache by raw stores. No MMA.
Compiled as the class's warm-up path compiles it (`get_warmup_keys`: compress ratio 4, so overlap and state width
1024; DeepSeek-V4's head dim 512 and RoPE dim 64; `dispatch`'s fixed quant block 64, token stride 576, scale dim 8),
BF16 norm weight (the model dtype), with `warmup_inputs(compile_key)`'s fake tensors. The warm-up registry module is the
real one, loaded with its package __init__s skipped.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(head_size=512, rope_dim=64):
    import cutlass
    from cutlass import cute

    vllm("model_executor.warmup.jit_warmup_cutedsl_helper")
    module = vllm("models.deepseek_v4.nvidia.ops.sparse_attn_compress_cutedsl")
    cls = module.SparseAttnCompressNormRopeStoreC4Kernel
    kernel = cls()
    key = kernel.dispatch(compress_ratio=4, norm_weight_dtype=cutlass.BFloat16, head_size=head_size,
                          rope_head_dim=rope_dim)
    return cute.compile(cls.kernel(key), *kernel.warmup_inputs(key), cute.runtime.make_fake_stream())
