"""flashinfer's MSA proxy score, key-major packed-decode schedule, for SM120/SM121
(flashinfer/msa_ops/cute_dsl/proxy_score_sm12x.py, MsaProxyScoreDecodeKeyMajorSm12x), sm_120a.

As `msa_proxy_score` picks and compiles it for a paged bf16 index-K cache (pages of 128 keys), head dim 128, 32
query heads over 8 KV heads (group_size 4) and two query tokens per request (speculative decode, max_seqlen_q 2:
group_size * next_pow2(2) = 8 <= 32, so the key-major schedule with pack_q_len 2), causal with the default
right-aligned offset; extents the host makes `sym_int`s are dynamic here too. One CTA per (KV-block split, request,
KV head): a fifth warp TMA-loads the (2 tokens x 4 heads) Q tile once and the 128-key K tiles into a two-stage
mbarrier ring; four MMA warps, 32 keys each, compute S^T = K Q^T with raw m16n8k16 mma.sync (ldmatrix for both
operands), mask, max-reduce over keys across lanes and warps (an SMEM epilogue buffer) and write each (head, block,
token)'s max score.
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
    kernel = module.MsaProxyScoreDecodeKeyMajorSm12x(head_dim=head_dim, group_size=heads_q // heads_k, pack_q_len=2,
                                                     is_causal=True, paged=True, qoff_default=True)
    return cutlass.cute.compile(kernel, q, k, page_table, max_score, cu_q, seq_lens, q_offset, cutlass.Int32(1),
                                cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), stream())
