"""flash-attention's CuTeDSL forward kernel for Ampere (flash_attn/cute/flash_fwd.py, FlashAttentionForwardSm80),
sm_80.

Configured as its interface does on SM 8.x (128 threads, 1 stage, Q not in registers), 128x64 tiles, bf16, head
dim 128, not causal; batch 2, 1024 tokens, 16 heads.
"""

import _fake
import _flash
import _sources

ARCH = "sm_80"


def compile_only(batch=2, seqlen=1024, heads=16, head_dim=128):
    import cutlass

    module = _sources.flash_attn("flash_fwd")
    q, k, v, o, lse = _flash.tensors(batch, seqlen, heads, head_dim, cutlass.BFloat16)
    fa = module.FlashAttentionForwardSm80(cutlass.BFloat16, head_dim, head_dim, 1, is_causal=False, is_local=False,
                                          pack_gqa=False, tile_m=128, tile_n=64, num_stages=1, num_threads=128,
                                          Q_in_regs=False)
    args, aux = _flash.common_arguments(q, k, v, o, lse, head_dim)
    return cutlass.cute.compile(fa, *args, None, aux, None, None, _fake.stream())
