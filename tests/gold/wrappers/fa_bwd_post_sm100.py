"""flash-attn-4's attention-backward postprocess for Blackwell (flash_attn/cute/flash_bwd_postprocess.py,
FlashAttentionBackwardPostprocess), sm_100a: the kernel that finalizes dQ, which the main backward accumulated in
fp32 across CTAs (bulk reduce-adds into a flat (heads, seqlen x head dim) buffer per batch), into bf16.

Configured as `interface._flash_attn_bwd` compiles it after a 2-CTA backward (head dim 128 or more uses the 2-SM
MMAs): `_bwd_postprocess_convert(dq_accum, dq, softmax_scale, ..., arch 100, bf16, head dim 128, block 128,
128 threads, AtomLayoutMdQ 1, dQ_swapAB False, use_2cta_instrs True, cluster_size 1,
accum_order TMEM_FRAG_2CTA)`: the 2-CTA path that loads the flat tile into registers in the TMEM fragment order
and writes it through an r2s copy made from a tcgen05 load. Batch 2, 1024 tokens, 8 heads, not varlen, no sink.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_100a"


def compile_only(batch=2, seqlen=1024, heads=8, head_dim=128):
    import cutlass

    module = flash_attn("flash_bwd_postprocess")
    accum = flash_attn("bwd_accum_tile")
    dq_accum = row_major(cutlass.Float32, (batch, heads, seqlen * head_dim), align=16)
    dq = row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim))
    post = module.FlashAttentionBackwardPostprocess(cutlass.BFloat16, head_dim, 100, 128, 128, 1, False,
                                                    use_2cta_instrs=True, cluster_size=1,
                                                    accum_order=accum.AccumTileOrder.TMEM_FRAG_2CTA)
    return cutlass.cute.compile(post, dq_accum, dq, cutlass.Float32(head_dim ** -0.5), None, None, None, None,
                                stream())
