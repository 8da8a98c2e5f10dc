"""sglang's fused MoE finalize + RMSNorm for MuseSpark (sglang/kernels/ops/communication/
muse_spark_moe_finalize_all_reduce_cutedsl.py, MOEFinalizeRMSNormKernel: gather each token's top-k expert rows from the
permuted GEMM2 output, weight-first RMSNorm of each row, routing-weighted sum), sm_90a, compiled by the package's own
`_get_compiled_kernel` as the standalone finalize (no all-reduce workspace) of `muse_spark_moe_finalize_all_reduce.py`
picks it for a decode batch: bf16, hidden 4096 (= hidden_dim_padded), 16 tokens, top-8, weight_first, bf16 routing
weights, PDL on, and a cluster of 8 CTAs per token (hidden 4096 on SM90+ with at most 32 tokens), whose per-expert
sums of squares meet through DSMEM.
"""

from _common import sglang, stream

ARCH = "sm_90a"


def compile_only(tokens=16, hidden=4096, topk=8, cluster_size=8):
    import cutlass

    module = sglang("kernels.ops.communication.muse_spark_moe_finalize_all_reduce_cutedsl")
    return module._get_compiled_kernel(cutlass.BFloat16, tokens, hidden, topk, hidden, stream(), use_pdl=True,
                                       eps=1e-6, weight_first=True, expert_weights_dtype=cutlass.BFloat16,
                                       cluster_size=cluster_size)
