"""vLLM's DeepSeek-V4.1 low-batch routed-expert GEMM2 (vllm/models/deepseek_v41/nvidia/specialized_decode/moe/
routed_expert_gemm_cute.py, `RoutedExpertGemm2`), sm_100a: out = H W2[e]^T for the permuted routed rows, MXFP8 H (its
block scales in the per-8-row-tile atom layout, TMA-loaded as B's scales) x MXFP4 w2, persistent 128 x 8 tcgen05
block-scaled tiles over the routing record's items, BF16 rows written in the permuted order. Compiled as
`routed_expert_gemm._gemm2_kernel` compiles it: hidden 5120, intermediate padded to 640, its placeholder pointers
(`_fake`: address = alignment) and run-time Int32s (tile 8 rows, 384 experts, 4 CTA words, 1 CTA).
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(hidden=5120, padded=640, experts=384, tile=8):
    import cutlass
    from cutlass import Int32, cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    module = vllm("models.deepseek_v41.nvidia.specialized_decode.moe.routed_expert_gemm_cute")

    def fake(dtype, align):
        return make_ptr(dtype, align, cute.AddressSpace.gmem, assumed_align=align)

    return cute.compile(module.RoutedExpertGemm2(hidden, padded), fake(cutlass.Float4E2M1FN, 32),
                        fake(cutlass.Float8E8M0FNU, 16), fake(cutlass.Float8E4M3FN, 16),
                        fake(cutlass.Float8E8M0FNU, 16), fake(cutlass.BFloat16, 16), fake(cutlass.Int32, 16),
                        Int32(tile), Int32(experts), Int32(4), Int32(1), make_fake_stream())
