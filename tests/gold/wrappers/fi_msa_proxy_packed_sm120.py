"""flashinfer's MSA proxy score, head-fused packed-decode schedule, for SM120/SM121
(flashinfer/msa_ops/cute_dsl/proxy_score_sm12x.py, MsaProxyScoreDecodePackedSm12x), sm_120a.

As `msa_proxy_score` picks and compiles it for bf16 multi-token decode (speculative decode with max_seqlen_q 16:
group_size * next_pow2(16) = 64 > 32 rules out the key-major schedule, 16 <= 64 / 4 keeps the packed one) over a
paged bf16 index-K cache (pages of 128 keys): head dim 128, 32 query heads over 8 KV heads (group_size 4, so
pack_q_len 16 and a 64-row tile of 4 heads x 16 tokens), 128 threads, causal with the default right-aligned offset;
extents the host makes `sym_int`s are dynamic here too. One CTA per (KV-block split, request, KV head) gathers the
packed Q tile into SMEM once, then per 128-key block loads K by cp.async through the page table, computes
S = Q K^T by mma.sync (ldmatrix for both operands), masks the causal tail per token and writes each packed row's max
score over the block.
"""

from _common import dynamic, flashinfer, row_major, stream

ARCH = "sm_120a"


def compile_only(head_dim=128, heads_q=32, heads_k=8, q_len=16):
    import cutlass

    module = flashinfer("msa_ops.cute_dsl.proxy_score_sm12x")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    group = heads_q // heads_k
    total_q, hq = dynamic(), dynamic()
    q = row_major(bf16, (total_q, hq, head_dim))
    k = row_major(bf16, (dynamic(), dynamic(), 128, head_dim))
    page_table = row_major(i32, (dynamic(), dynamic()), align=4)
    max_score = row_major(f32, (hq, dynamic(), total_q), align=4)
    cu_q, seq_lens, q_offset = (row_major(i32, (dynamic(),), align=4) for _ in range(3))
    pack_q_len = 64 // group
    kernel = module.MsaProxyScoreDecodePackedSm12x(head_dim=head_dim, m_block_size=group * pack_q_len,
                                                   n_block_size=128, num_threads=128, is_causal=True, paged=True,
                                                   qhead_per_kv=group, pack_q_len=pack_q_len, qoff_default=True)
    return cutlass.cute.compile(kernel, q, k, page_table, max_score, cu_q, seq_lens, q_offset, cutlass.Int32(q_len),
                                cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), stream())
