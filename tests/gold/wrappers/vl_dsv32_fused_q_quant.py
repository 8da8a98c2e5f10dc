"""vLLM's DeepSeek-V3.2 fused Q preparation (vllm/models/deepseek_v32/nvidia/ops/fused_q_cutedsl.py, `FusedQKernel`),
sm_100a: CTA-specialized; the MQA CTAs give each warp one (token, head): a lane's 16 NoPE values (32-byte load) and 2
RoPE values, rotated by the position's cos / sin, scaled by 1 / q_scale and stored as E4M3 into the packed [NoPE; RoPE]
output; the indexer CTAs give each 8-lane group one (token, index head): RoPE (rotate-half) on the first 64 values, an
amax over the head across the 8 lanes, a power-of-two scale, E4M3 stores, and the head's weight scaled by it.
Compiled as `FusedQKernel.compile` compiles it for `deepseek_v32/common/kernels.py`'s call with the FP8 MQA path
(quantize_mqa), an indexer (128-dim, 64 heads, not interleaved: the model config's default), 16 MQA heads (128 / TP 8),
FP32 cos / sin caches and FP32 index weights.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(heads=16, index_heads=64):
    from cutlass import Float32

    module = vllm("models.deepseek_v32.nvidia.ops.fused_q_cutedsl", host_only=("platforms",))
    return module.FusedQKernel.compile(64, 512, heads, Float32, 128, index_heads, Float32, Float32, False)
