"""vLLM's DeepSeek-V4.1 low-batch MoE routing record (vllm/models/deepseek_v41/nvidia/specialized_decode/moe/
routed_expert_route_cute.py, `RoutedExpertRoute`), sm_100a, one 64-thread CTA, no MMA: from the top-k expert ids of up
to 8 token rows, an SMEM bitmap of the selected experts and per-expert row masks (atomic ORs), then population counts
give each slot its expert's 8-row tile and its rank in it: the expert-major, tile-padded row permutation and the
record of per-tile tables (tile -> expert, tile -> row limit, padded row -> token) the routed-expert GEMMs read.
Compiled as `routed_expert_gemm._route_kernel` compiles it (placeholder pointers, rows / top_k / experts as run-time
Int32s: 1 row, TOP_K 6, MAX_EXPERTS 384).
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import Int32, cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    module = vllm("models.deepseek_v41.nvidia.specialized_decode.moe.routed_expert_route_cute")

    def fake():
        return make_ptr(cutlass.Int32, 4, cute.AddressSpace.gmem, assumed_align=4)

    return cute.compile(module.RoutedExpertRoute(), fake(), fake(), fake(), Int32(1), Int32(6),
                        Int32(module.MAX_EXPERTS), make_fake_stream())
