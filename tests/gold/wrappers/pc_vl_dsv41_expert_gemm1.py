"""vLLM's DeepSeek-V4.1 low-batch routed-expert GEMM1 (vllm/models/deepseek_v41/nvidia/specialized_decode/moe/
routed_expert_gemm_cute.py, `RoutedExpertGemm1`), sm_100a: h = SwiGLU(x W13[e]^T) for at most eight routed rows,
MXFP8 activations x MXFP4 expert weights (E8M0 scales per 32 K): persistent 128 x 8 tcgen05 block-scaled tiles over
the (weight tile, token tile) work items of the routing record, the weights TMA-loaded with evict-first hints, the
SwiGLU'd result quantized to MXFP8 for GEMM2. Compiled as `routed_expert_gemm._gemm1_kernel` compiles it: hidden 5120,
the 576-wide intermediate slice padded to 640 (DeepSeek-V4.1 at TP 4), its placeholder pointers (`_fake`: address =
alignment) and run-time Int32s (1 row, 384 experts, 4 CTAs, tile 8, 1).
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(hidden=5120, slice_=576, padded=640, experts=384, tile=8):
    import cutlass
    from cutlass import Int32, cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    module = vllm("models.deepseek_v41.nvidia.specialized_decode.moe.routed_expert_gemm_cute")

    def fake(dtype, align):
        return make_ptr(dtype, align, cute.AddressSpace.gmem, assumed_align=align)

    return cute.compile(module.RoutedExpertGemm1(hidden, slice_, padded), fake(cutlass.Float4E2M1FN, 32),
                        fake(cutlass.Float8E8M0FNU, 16), fake(cutlass.Float8E4M3FN, 16), fake(cutlass.Uint32, 16),
                        fake(cutlass.Uint16, 16), fake(cutlass.Uint8, 16), fake(cutlass.Int32, 16),
                        fake(cutlass.Float32, 16), Int32(1), Int32(experts), Int32(4), Int32(tile), Int32(1),
                        make_fake_stream())
