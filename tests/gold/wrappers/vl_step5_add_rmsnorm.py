"""vLLM's Step5 RMSNorm (vllm/models/step5/nvidia/ops/rms_norm.py, `RMSNormKernel`), sm_100a: one CTA per row, a
thread-value tiled copy of the row (each thread's 4-wide vectors strided by the CTA), the FP32 residual added and
written back in place, a warp + cross-warp SMEM sum of squares, and the normalized row times (weight + bias) stored
through the same thread partition. Compiled as the module's `_compile` compiles it (pointers, run-time rows) on the
`apply_step5_add_rms_norm` path (an FP32 residual), bf16 input, weight and output, for a hidden size of 4096 (the
package ships no Step5 config; 4096 gives the 128-thread, 4-wide, 8-vector schedule).
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(hidden=4096):
    import cutlass
    from cutlass import Float32, Int32, cute
    from cutlass.cute.runtime import make_ptr, make_fake_stream

    module = vllm("models.step5.nvidia.ops.rms_norm", host_only=("utils.torch_utils",))

    def pointer(dtype):
        return make_ptr(dtype, 16, cute.AddressSpace.gmem, assumed_align=16)

    bf16 = cutlass.BFloat16
    return cute.compile(module.RMSNormKernel(hidden, True), pointer(bf16), pointer(bf16), pointer(Float32),
                        pointer(bf16), Int32(1), Float32(1e-5), Float32(0.0), make_fake_stream())
