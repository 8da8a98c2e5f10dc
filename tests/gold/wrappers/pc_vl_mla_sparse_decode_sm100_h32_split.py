"""vLLM's (Colfax's) sparse-MLA decode for Blackwell (vllm/vllm_flash_attn/cute/flash_fwd_mla_decode_sm100.py,
`FlashAttentionMLADecodeSm100`), a second build, sm_100a: the kernel of `pc_vl_mla_sparse_decode_sm100` with 32 query
heads per CTA (h = 32: a 5-stage latent ring, P^T in its own SMEM buffer instead of aliased on the RoPE slot) and
split-KV over 4 splits (each CTA walks 4 of the 16 top-k blocks and writes FP32 partial O and the partial LSE that
flash_fwd_combine folds). Compiled as `_flash_attn_fwd` compiles it on the DSA decode path with 32 query heads per KV
head (the DCP case the interface describes: 16 heads gathered per rank, 32 per KV head) and a 32-token decode batch:
`mla_decode_splits(32, 1, 32, 148 SMs, 16 blocks)` gives one head group and 4 splits; top-k 2048, BF16 q / qv / k / v;
out_partial (4, tokens, 32, 512) fp32 and lse_partial (4, 32, tokens) fp32 as the interface allocates them for the
sparse decode; cu_seqlens_q / _k int32; no seqused_k, no top-k valid lengths; `dynamic_layout` fakes (run-time extents
and strides, last mode contiguous, except the partial LSE, whose token mode is contiguous). TVM-FFI options left out.
"""

from _common import dynamic_layout, stream, vllm

ARCH = "sm_100a"


def compile_only(heads=32, topk=2048, splits=4):
    import cutlass
    from cutlass import cute

    vllm("vllm_flash_attn.cute.utils")  # the vendored package's __init__ loads the FA2/FA3 extensions: not run
    module = vllm("vllm_flash_attn.cute.flash_fwd_mla_decode_sm100")
    kernel = module.FlashAttentionMLADecodeSm100(topk_length=topk, qhead_per_kvhead=heads, num_splits=splits,
                                                 num_head_groups=1)
    bf16 = cutlass.BFloat16
    q, qv = dynamic_layout(bf16, 3), dynamic_layout(bf16, 3)
    k, v = dynamic_layout(bf16, 3), dynamic_layout(bf16, 3)
    out_partial = dynamic_layout(cutlass.Float32, 4)
    lse_partial = dynamic_layout(cutlass.Float32, 3)
    cu_q, cu_k = dynamic_layout(cutlass.Int32, 1, align=4), dynamic_layout(cutlass.Int32, 1, align=4)
    topk_idx = dynamic_layout(cutlass.Int32, 2)
    return cute.compile(kernel, q, qv, k, v, out_partial, lse_partial, cutlass.Float32(1.0), cu_q, topk_idx, cu_k,
                        None, None, stream())
