"""flashinfer's MSA proxy score, single-token decode stream schedule, for SM120/SM121
(flashinfer/msa_ops/cute_dsl/proxy_score_sm12x.py, MsaProxyScoreDecodeStreamSm12x), sm_120a.

As `msa_proxy_score` picks and compiles it for single-token bf16 decode (max_seqlen_q 1, total_q == batch, group
size <= 8) over a paged bf16 index-K cache (pages of 128 keys): head dim 128, 32 query heads over 8 KV heads
(group_size 4), causal with the default right-aligned offset; extents the host makes `sym_int`s are dynamic here
too. No MMA: one CTA per (128-key block, request, KV head), 8 warps of 16 keys each; every lane loads a 16-byte
slice of each of its keys' head dim and of the 4 grouped heads' queries straight into registers, reduces the dot
products with warp shuffles, and a cross-warp SMEM buffer reduces the per-warp maxima into each head's block score.
"""

from _common import dynamic, flashinfer, row_major, stream

ARCH = "sm_120a"


def compile_only(head_dim=128, heads_q=32, heads_k=8):
    import cutlass

    module = flashinfer("msa_ops.cute_dsl.proxy_score_sm12x")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    total_q, hq = dynamic(), dynamic()
    q = row_major(bf16, (total_q, hq, head_dim))
    k = row_major(bf16, (dynamic(), dynamic(), 128, head_dim))
    page_table = row_major(i32, (dynamic(), dynamic()), align=4)
    max_score = row_major(f32, (hq, dynamic(), total_q), align=4)
    cu_q, seq_lens, q_offset = (row_major(i32, (dynamic(),), align=4) for _ in range(3))
    kernel = module.MsaProxyScoreDecodeStreamSm12x(head_dim=head_dim, group_size=heads_q // heads_k, is_causal=True,
                                                   paged=True, qoff_default=True)
    return cutlass.cute.compile(kernel, q, k, page_table, max_score, cu_q, seq_lens, q_offset, cutlass.Int32(1),
                                cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), stream())
