"""liger-kernel's CuTeDSL fused linear cross-entropy for Hopper: the one-read cluster cross-entropy
`_CrossEntropyClusterVector.kernel` (liger_kernel/ops/cutedsl/ops/_fused_linear_cross_entropy_forward_sm90.py),
sm_90a, as `cross_entropy_dz` compiles it from `fused_linear_cross_entropy_forward_sm90` for Llama-3 8B's loss:
bf16 logits (M = 4096 tokens, V = 128256) overwritten in place by dZ, int64 targets, fp32 per-row NLL, row scale
1.0, ignore_index -100. V / 8 = 16032 columns per CTA of the 8-CTA cluster (partition_size % 8 == 0 and at most
256 threads x 64 values: the vector-cluster path): 7 full 2048-column vector tiles and a 212-thread tail. The logits
are `from_dlpack` (static shape, 16-byte aligned); target and nll are `to_cute_tensor` views (dynamic).
"""

from _common import liger_kernel

ARCH = "sm_90a"


def compile_only(tokens=4096, vocab=128256):
    import cutlass
    from _common import row_major, stream
    from cutlass import cute

    module = liger_kernel("ops.cutedsl.ops._fused_linear_cross_entropy_forward_sm90")
    logits = row_major(cutlass.BFloat16, (tokens, vocab))
    target = cute.runtime.make_fake_tensor(cutlass.Int64, (cute.sym_int(),), (1,), assumed_align=8)
    nll = cute.runtime.make_fake_tensor(cutlass.Float32, (cute.sym_int(),), (1,), assumed_align=4)
    kernel = module._CrossEntropyClusterVector(vocab // module.CE_PARTITIONS)
    return cute.compile(kernel, logits, target, nll, cutlass.Float32(1.0), cutlass.Int32(-100), stream())
