"""flashinfer's low-latency MoE finalize with a per-expert RMSNorm, publish kernel of its all-reduce
(flashinfer/comm/mnnvl_cutedsl/kernel_ll/moe_finalize_norm_all_reduce.py, `_NormFinalizePublishDeviceKernel`): one CTA
per token; each thread holds 8-value bf16 column fragments of the hidden width; for each of the token's top-k routes
held by this rank it loads the expert's GEMM2 row, RMS-normalizes it (warp shuffles, then per-warp sums through SMEM),
scales it by gamma and the route weight and accumulates in FP32, then multicasts the BF16 partial sum into the
rank's mailbox slot (the second kernel, shared with the Lamport all-reduce, sums the ranks' partials).

Configured as `LLMoEFinalizeNormAllReduce.publisher` compiles it: DeepSeek-V3's hidden size 7168 with 8 routes per
token, tensor parallelism 8 (rank 0), 256 tokens of mailbox capacity, 128 threads, PDL on, fp32 route weights, the
weight applied after the norm, eps 1e-6, gain center 0; the routed rows' stride the hidden size; its fakes
(`make_fake_dynamic_compact_tensor` for the flat routed rows, route weights and permuted indices, compact gamma and
stage state).
"""

from _common import flashinfer, stream

ARCH = "sm_100a"


def compile_only(hidden=7168, topk=8, tp=8, capacity_m=256, threads=128):
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    flashinfer("cute_dsl.fp4_common")  # the FP8 epilogue's import, without flashinfer.cute_dsl's __init__
    module = flashinfer("comm.mnnvl_cutedsl.kernel_ll.moe_finalize_norm_all_reduce",
                        host_only=("comm.torch_symmetric_memory",))
    runtime = flashinfer("comm.mnnvl_cutedsl.runtime")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    kernel = module._NormFinalizePublishDeviceKernel(
        hidden=hidden, row_stride=hidden, topk=topk, tp=tp, rank=0, capacity_m=capacity_m, threads=threads,
        weight_before_norm=False, eps=1e-6, gain_center=0.0, enable_pdl=True)
    dynamic = runtime.make_fake_dynamic_compact_tensor
    return cutlass.cute.compile(
        kernel, dynamic(bf16, alignment=16, divisibility=hidden), dynamic(f32, alignment=4, divisibility=topk),
        dynamic(i32, alignment=4, divisibility=topk), make_fake_compact_tensor(bf16, (hidden,), assumed_align=16),
        make_fake_compact_tensor(i32, (2,), assumed_align=4), cutlass.Int64(0), i32(capacity_m), i32(1), stream())
