"""flashinfer's MSA proxy score, general (prefill) schedule, for SM120/SM121
(flashinfer/msa_ops/cute_dsl/proxy_score_sm12x.py, MsaProxyScoreSm12x), sm_120a.

As `msa_proxy_score` picks and compiles it for prefill (max_seqlen_q > 64 / 4, so neither the stream nor the packed
decode schedules) over a flat bf16 index-K cache: head dim 128, 32 query heads over 8 KV heads, 64-query tiles,
128-key blocks, 128 threads, causal with an explicit offset tensor; extents the host makes `sym_int`s are dynamic
here too. One CTA per (64-query tile x KV-block split, request, query head) loads its Q tile once by cp.async and,
per causal 128-key block, K by cp.async, computes S = Q K^T by mma.sync (ldmatrix for both operands), masks, and
writes each query row's max score over the block.
"""

from _common import dynamic, flashinfer, row_major, stream

ARCH = "sm_120a"


def compile_only(head_dim=128, heads_q=32, heads_k=8):
    import cutlass

    module = flashinfer("msa_ops.cute_dsl.proxy_score_sm12x")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    total_q, hq = dynamic(), dynamic()
    q = row_major(bf16, (total_q, hq, head_dim))
    k = row_major(bf16, (dynamic(), dynamic(), head_dim))
    page_table = row_major(i32, (dynamic(), dynamic()), align=4)
    max_score = row_major(f32, (hq, dynamic(), total_q), align=4)
    cu_q, cu_k, q_offset = (row_major(i32, (dynamic(),), align=4) for _ in range(3))
    kernel = module.MsaProxyScoreSm12x(head_dim=head_dim, m_block_size=64, n_block_size=128, num_threads=128,
                                       is_causal=True, paged=False)
    return cutlass.cute.compile(kernel, q, k, page_table, max_score, cu_q, cu_k, q_offset, cutlass.Int32(1),
                                cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), stream())
