"""vLLM's MuseSpark fused QK-norm (vllm/models/muse_spark/nvidia/ops/cute_dsl/qk_norm.py, `QKNormDirectKernel`),
sm_100a, built as `_compiled_kernel` builds it for bf16, head_dim 128, no output scale: `cute.compile(kernel, x and out
pointers (make_ptr at address 16, gmem, 16-byte aligned), M, num_heads, input row stride, q_size (run-time Int32s),
eps, scale, stream)`; `_DirectConfig` gives 8 values a thread (128-bit), 16 threads a head row, 128 threads, 8 rows a
CTA, 1 warp a row (the SMEM cross-warp buffer allocated, its path off)."""

from _common import stream, vllm

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_ptr

    module = vllm("models.muse_spark.nvidia.ops.cute_dsl.qk_norm")
    bf16 = cutlass.BFloat16
    x, out = (make_ptr(bf16, 16, cute.AddressSpace.gmem, assumed_align=16) for _ in range(2))
    i32 = cutlass.Int32
    return cute.compile(module.QKNormDirectKernel(bf16, 128, False), x, out, i32(1), i32(1), i32(1), i32(1),
                        cutlass.Float32(1e-5), cutlass.Float32(1.0), stream())
