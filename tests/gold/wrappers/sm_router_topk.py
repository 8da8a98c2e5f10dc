"""sonic-moe's router top-k with softmax over the selected experts (sonicmoe/functional/topk.py, Softmax_Over_TopK,
the kernel of `_TopK`), sm_90a: one row of router logits per group of threads, loaded by 128-bit vector copies into
registers, each value's column index packed into its low mantissa bits, a bitonic top-k across the row's lanes, the k
winners' indices unpacked and their values softmaxed, then written by vector copies.

Configured as `functional.forward._topk_fwd` compiles it for `MoE.forward` (`moe_TC_softmax_topk_layer`, whose default
is softmax over the top-k): bf16 router logits (tokens, 128 experts), fp32 scores and int32 indices (tokens, 8), the
token count dynamic (`mark_compact_shape_dynamic(mode=0)`), as for a 128-expert, top-8 layer (E <= 4096, K <= 16,
E % 8 == 0 take this kernel). The package runs on Hopper and Blackwell; the kernel has no architecture-specific op.
"""

from _common import dynamic, row_major, sonic_moe, stream

ARCH = "sm_90a"


def compile_only(experts=128, top_k=8):
    import cutlass

    module = sonic_moe("functional.topk")
    tokens = dynamic()
    logits = row_major(cutlass.BFloat16, (tokens, experts))
    values = row_major(cutlass.Float32, (tokens, top_k))
    indices = row_major(cutlass.Int32, (tokens, top_k))
    op = module.Softmax_Over_TopK(cutlass.BFloat16, cutlass.Float32, experts, top_k)
    return cutlass.cute.compile(op, logits, values, indices, stream())
