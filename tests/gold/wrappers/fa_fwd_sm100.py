"""flash-attn-4's forward kernel for Blackwell (flash_attn/cute/flash_fwd_sm100.py), sm_100a.

Its constructor's defaults (128x128 tiles, 2 Q stages, 1-CTA tcgen05 MMA), one tile per CTA (the static
persistent scheduler asks the GPU for its SM count at compile time), bf16, head dim 128, not causal; batch 2,
1024 tokens, 16 heads.
"""

from _common import flash_attn, row_major, stream

ARCH = "sm_100a"


def compile_only(batch=2, seqlen=1024, heads=16, head_dim=128):
    import cutlass

    module = flash_attn("flash_fwd_sm100")
    utils = flash_attn("utils")
    q, k, v, o = (row_major(cutlass.BFloat16, (batch, seqlen, heads, head_dim)) for _ in range(4))
    lse = row_major(cutlass.Float32, (batch, heads, seqlen), align=4)
    fa = module.FlashAttentionForwardSm100(head_dim, head_dim, 1, is_causal=False, is_local=False,
                                           is_static_persistent=False)
    return cutlass.cute.compile(fa, q, k, v, o, lse, cutlass.Float32(head_dim ** -0.5),
                                aux_data=utils.AuxData(None, None), max_seqlen_q=seqlen, stream=stream())
