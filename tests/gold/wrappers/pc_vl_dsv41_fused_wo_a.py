"""vLLM's DeepSeek-V4.1 small-batch fused WO-A (vllm/models/deepseek_v41/nvidia/ops/fused_wo_a.py, `FusedWoAKernel`),
sm_100a: per output group, q = MXFP8-quant(sum over the group's heads of W[n, head's 512] . quant(invRoPE(x[t, head]))),
one head per CTA of a `heads_per_group` cluster: the CTA's threads load x rows (bf16), undo RoPE on the last 64
columns, quantize them to E4M3 with per-32 UE8M0 scales into SMEM (`sX`, `sX_SF`); warp 0 TMAs the weight tile
(`sW`, 128 rows x one head's 512 K in four 128-K stages) and its raw scales, issues tcgen05 MXFP8 MMAs by hand-built
descriptors (M = 128 weight rows, N = the token tile), and the accumulator's 128 rows are read from TMEM by
`tcgen05.ld`, sent to the owning peer CTA's `partial` by `st.async` (DSMEM), summed over heads, quantized and stored
with FlashInfer's 128x4 scale layout.
Compiled as `dsv41_o_proj` reaches it on DeepSeek-V4.1 at TP 8 (128 heads over 16 output groups: 16 local heads in 2
local groups, 8 heads per group = an 8-CTA cluster, o_lora_rank 1024) for an 8-token decode step:
`FusedWoAKernel.dispatch(tokens=8, ...)` gives one 8-token tile, full tiles; the inputs are the class's own
`warmup_inputs(compile_key)` fake tensors (x (8, 16, 512) bf16, token stride dynamic and 8-divisible; rope (?, 64)
fp32; W (2048, 4096) E4M3 K-major; W scales (2, 1024, 32) int32, rank contiguous; q (8, 2048) E4M3). The warm-up
registry module is the real one (plain Python), loaded with its package __init__s skipped.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(tokens=8, n_groups=2, heads_per_group=8, o_lora_rank=1024):
    from cutlass import cute

    # The warm-up registry base class is plain Python; loaded first, its package __init__s skipped like the kernel's.
    vllm("model_executor.warmup.jit_warmup_cutedsl_helper")
    module = vllm("models.deepseek_v41.nvidia.ops.fused_wo_a")
    kernel = module.FusedWoAKernel()
    key = kernel.dispatch(tokens=tokens, n_groups=n_groups, heads_per_group=heads_per_group, o_lora_rank=o_lora_rank)
    return cute.compile(module.FusedWoAKernel.kernel(key), *kernel.warmup_inputs(key), cute.runtime.make_fake_stream())
