"""parallax-kernel's Parallax decode attention for Hopper (parallax/cute/parallax_decode.py,
`ParallaxDecodePersistentSplit`), sm_90a: one query token per sequence, its query q and the composite-score vector r
packed as rows 0..3 and 8..11 of one 64-row wgmma A tile, K and V tiles of 64 keys by TMA into a two-stage ring
(a producer warpgroup), S = [q; r] K^T and O = P V by wgmma (P from registers), split over the keys with an
in-kernel last-CTA merge. Compiled as `parallax_attn_with_kvcache` -> `_decode_core` -> `parallax_decode_cutedsl_sm90`
configures it for 4 sequences, 32 query heads over 8 KV heads (pack_n 4), head_dim 128, bf16, a KV cache of 8192
tokens with a left window of 4096 (`window_size=(4096, 0)`) on an H100 (132 SMs): max_tiles_total 128, 4 key splits,
2 stages (PARALLAX_NUM_STAGES unset). Every tensor is `from_dlpack(..., assumed_align=16)` of a contiguous torch
tensor (static layouts); the workspace is viewed (B, H_q, splits[, D]), the counter (B, H_q).
"""

from _common import parallax

ARCH = "sm_90a"


def compile_only(batch=4, q_heads=32, kv_heads=8, head_dim=128, cache_len=8192, window_left=4096, splits=4,
                 max_tiles_total=128):
    import math

    import cutlass
    from _common import row_major, stream
    from cutlass import cute

    module = parallax("cute.parallax_decode")
    kernel = module.ParallaxDecodePersistentSplit(cutlass.BFloat16, head_dim, pack_n=q_heads // kv_heads)
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    q, r, out = (row_major(bf16, (batch, 1, q_heads, head_dim)) for _ in range(3))
    k, v = (row_major(bf16, (batch, cache_len, kv_heads, head_dim)) for _ in range(2))
    ws_m, ws_d1, ws_d2 = (row_major(f32, (batch, q_heads, splits)) for _ in range(3))
    ws_o1, ws_o2 = (row_major(f32, (batch, q_heads, splits, head_dim)) for _ in range(2))
    counter = row_major(i32, (batch, q_heads))
    seqlen = row_major(i32, (batch,))
    scale_log2 = float(head_dim ** -0.5) * math.log2(math.e)
    return cute.compile(kernel, q, r, k, v, out, ws_m, ws_d1, ws_d2, ws_o1, ws_o2, counter, seqlen,
                        cutlass.Float32(scale_log2), stream(), splits, window_left, max_tiles_total, cache_len)
