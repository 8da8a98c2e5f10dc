"""flash-attention's CuTeDSL forward kernel for Blackwell (flash_attn/cute/flash_fwd_sm100.py), sm_100a.

Its constructor's defaults (128x128 tiles, 2 Q stages, 1-CTA MMA) but one tile per CTA (the persistent
scheduler asks the GPU for its SM count at compile time), bf16, head dim 128, not
causal; batch 2, 1024 tokens, 16 heads.
"""

import _fake
import _flash
import _sources

ARCH = "sm_100a"


def compile_only(batch=2, seqlen=1024, heads=16, head_dim=128):
    import cutlass

    module = _sources.flash_attn("flash_fwd_sm100")
    q, k, v, o, lse = _flash.tensors(batch, seqlen, heads, head_dim, cutlass.BFloat16)
    fa = module.FlashAttentionForwardSm100(head_dim, head_dim, 1, is_causal=False, is_local=False,
                                           is_static_persistent=False)
    args, aux = _flash.common_arguments(q, k, v, o, lse, head_dim)
    tail = (None,) * 7 + (seqlen,)  # no split-KV, semaphore, virtual batch, L2 heads, varlen blocks
    return cutlass.cute.compile(fa, *args, None, None, aux, *tail, _fake.stream())
