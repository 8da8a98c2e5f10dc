"""vLLM's DeepSeek-V4.1 low-batch MoE front (vllm/models/deepseek_v41/nvidia/specialized_decode/moe/
routed_expert_front_cute.py, `RoutedExpertFront`), sm_100a, no MMA, one launch for up to 8 decode tokens: CTA 0 takes
each token row's top-6 of 384 router logits (four warps of three experts per lane, then one warp merging their 24
candidates through SMEM), normalizes the weights and builds the routing record (the route kernel's helpers); the other
CTAs quantize the rows' bf16 activations (read as 32-bit words) to MXFP8, two threads per 32-value block, with
hand-written 128-bit loads and stores. Every tensor is a flat 1-D view the host lays over a raw pointer
(`make_tensor(ptr, make_layout(rows * EXPERTS))`). Compiled with placeholder pointers, rows as a run-time Int32, no
image routing.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import Float32, Int32, cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    vllm("models.deepseek_v41.nvidia.ops.cute_dsl.primitives")  # its package, without the __init__ that imports comms
    module = vllm("models.deepseek_v41.nvidia.specialized_decode.moe.routed_expert_front_cute")

    def fake(dtype, align=16):
        return make_ptr(dtype, 16, cute.AddressSpace.gmem, assumed_align=align)

    f32, i32, u32, u8 = cutlass.Float32, cutlass.Int32, cutlass.Uint32, cutlass.Uint8
    return cute.compile(module.RoutedExpertFront(False), fake(f32), fake(f32), fake(f32), fake(i32), Int32(0),
                        Int32(0), Float32(1.0), fake(u32), fake(i32), fake(f32), fake(u8), fake(u8), fake(i32),
                        fake(i32), Int32(1), make_fake_stream())
