"""sonic-moe's router top-k over a full softmax (sonicmoe/functional/topk.py, TopK_Over_Softmax, the kernel of `_TopK`
in its softmax-then-top-k mode), sm_90a: as sm_router_topk, but each row's log-softmax is taken first (per-thread
max and sum of exponentials merged across the row's lanes through two SMEM buffers), and a row narrower than its
power of two is loaded under a column predicate with the out-of-bounds values set to -inf.

Configured as `functional.forward._topk_fwd` compiles it for `moe_TC_softmax_topk_layer(...,
is_softmax_over_topk=False, norm_topk_probs=False)`: a DeepSeek-V2-style router, bf16 logits (tokens, 160 experts),
fp32 scores and int32 indices (tokens, 6), the token count dynamic (160 <= 4096, 160 % 8 == 0, 6 <= 16 take this
kernel; 160 is padded to 256 columns).
"""

from _common import dynamic, row_major, sonic_moe, stream

ARCH = "sm_90a"


def compile_only(experts=160, top_k=6):
    import cutlass

    module = sonic_moe("functional.topk")
    tokens = dynamic()
    logits = row_major(cutlass.BFloat16, (tokens, experts))
    values = row_major(cutlass.Float32, (tokens, top_k))
    indices = row_major(cutlass.Int32, (tokens, top_k))
    op = module.TopK_Over_Softmax(cutlass.BFloat16, cutlass.Float32, experts, top_k, norm_topk_prob=False)
    return cutlass.cute.compile(op, logits, values, indices, stream())
