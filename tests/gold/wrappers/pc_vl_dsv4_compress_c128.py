"""vLLM's DeepSeek-V4 sparse-attention KV compressor, the C128 split form (vllm/models/deepseek_v4/nvidia/ops/
sparse_attn_compress_cutedsl.py, `SparseAttnCompressC128Block8Kernel`), sm_100a: for the heavily-compressed layers,
one 256-thread CTA per (token, 64-feature split) at every 128th position: each of 8 warps walks 16 of the window's
128 state rows (two 8-row state blocks through the block table), each lane holding 2 features (one 64-bit copy per row
for the KV values and one for the gate scores), pools its rows by a softmax of the scores per feature, leaves its
(max, sum, product) per feature in SMEM (warps x 32 lane groups x 2, padded), then 8-lane groups merge the 8 warps'
partials by butterflies and write the pooled feature (fp32) by a raw store. No MMA.
Compiled as the class's warm-up path compiles it (`get_warmup_keys`: head size = state width = DeepSeek-V4's head dim
512) with `warmup_inputs(compile_key)`'s fake tensors. The warm-up registry module is the real one, loaded with its
package __init__s skipped.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(head_size=512):
    from cutlass import cute

    vllm("model_executor.warmup.jit_warmup_cutedsl_helper")
    module = vllm("models.deepseek_v4.nvidia.ops.sparse_attn_compress_cutedsl")
    cls = module.SparseAttnCompressC128Block8Kernel
    kernel = cls()
    key = kernel.dispatch(head_size=head_size, state_width=head_size)
    return cute.compile(cls.kernel(key), *kernel.warmup_inputs(key), cute.runtime.make_fake_stream())
