"""vLLM's vendored-FA sparse-MLA (DSA) decode for Blackwell, by Colfax (vllm/vllm_flash_attn/cute/
flash_fwd_mla_decode_sm100.py, `FlashAttentionMLADecodeSm100`), sm_100a: one CTA per (query token, KV head); the
token's h = 16 query heads are the N of swap-AB tcgen05 MMAs whose A operand is the gathered KV tile: S^T = KV . Q^T
(M = 128 gathered keys, N = 16 heads, K = the 512 latent dims in four 128-wide chunks + the 64 RoPE dims) and
O^T += V^T . P^T (M = a 128-wide latent chunk of the value, N = heads, K = keys), four O^T accumulators in TMEM. Four
warp roles: 4 gather warps cp.async the top-k rows into a 6-stage latent ring + a RoPE slot (vLLM's
`CpasyncGatherKVManager`), one MMA warp, 4 softmax warps (tcgen05.ld of S^T, per-head max / sum across the 128 key
lanes through SMEM, P^T stored MN-major into SMEM aliased on the RoPE slot), 4 correction warps (Q^T into SMEM by
hand, O^T rescaled in TMEM by tcgen05.ld/st, the epilogue's scalar stores).
Compiled as `_flash_attn_fwd` compiles it on the DSA decode path (`use_sparse_decode`): DeepSeek-V3.2 at TP 8
(16 query heads over one latent KV head), top-k 2048, BF16; `mla_decode_splits` gives one head group and one split
for a decode batch of 128 or more tokens on 148 SMs; q (tokens, 16, 64), qv (tokens, 16, 512), k (keys, 1, 64),
v (keys, 1, 512), out (tokens, 16, 512), the top-k indices (tokens, 2048) int32, cu_seqlens_q / _k int32; no LSE,
no seqused_k, no top-k valid lengths (all optional); every tensor run-time extents and strides, last mode contiguous,
16-byte aligned. TVM-FFI options left out (compile-only).
"""

from _common import dynamic_layout, stream, vllm

ARCH = "sm_100a"


def compile_only(heads=16, topk=2048):
    import cutlass
    from cutlass import cute

    vllm("vllm_flash_attn.cute.utils")  # the vendored package's __init__ loads the FA2/FA3 extensions: not run
    module = vllm("vllm_flash_attn.cute.flash_fwd_mla_decode_sm100")
    kernel = module.FlashAttentionMLADecodeSm100(topk_length=topk, qhead_per_kvhead=heads, num_splits=1,
                                                 num_head_groups=1)
    bf16 = cutlass.BFloat16
    q, qv = dynamic_layout(bf16, 3), dynamic_layout(bf16, 3)
    k, v = dynamic_layout(bf16, 3), dynamic_layout(bf16, 3)
    out = dynamic_layout(bf16, 3)
    cu_q, cu_k = dynamic_layout(cutlass.Int32, 1, align=4), dynamic_layout(cutlass.Int32, 1, align=4)
    topk_idx = dynamic_layout(cutlass.Int32, 2)
    return cute.compile(kernel, q, qv, k, v, out, None, cutlass.Float32(1.0), cu_q, topk_idx, cu_k, None, None,
                        stream())
