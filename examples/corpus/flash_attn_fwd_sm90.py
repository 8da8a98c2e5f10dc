"""flash-attention's CuTeDSL forward kernel for Hopper (flash_attn/cute/flash_fwd_sm90.py), sm_90a.

Configured as its interface does for head dim 128 (128x128 tiles, P V from registers, intra-warpgroup overlap,
2 stages, 384 threads), bf16, not causal; batch 2, 1024 tokens, 16 heads.
"""

import _fake
import _flash
import _sources

ARCH = "sm_90a"


def compile_only(batch=2, seqlen=1024, heads=16, head_dim=128):
    import cutlass

    module = _sources.flash_attn("flash_fwd_sm90")
    q, k, v, o, lse = _flash.tensors(batch, seqlen, heads, head_dim, cutlass.BFloat16)
    fa = module.FlashAttentionForwardSm90(cutlass.BFloat16, head_dim, head_dim, 1, is_causal=False, is_local=False,
                                          pack_gqa=False, tile_m=128, tile_n=128, num_stages=2, num_threads=384,
                                          Q_in_regs=False, intra_wg_overlap=True, mma_pv_is_rs=True)
    args, aux = _flash.common_arguments(q, k, v, o, lse, head_dim)
    return cutlass.cute.compile(fa, *args, None, aux, None, None, _fake.stream())
