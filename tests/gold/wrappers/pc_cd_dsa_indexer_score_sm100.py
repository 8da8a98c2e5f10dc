"""nvidia-cudnn-frontend's DeepSeek sparse-attention backward indexer score, on Blackwell: the indexer build of
cudnn/deepseek_sparse_attention/score_recompute/sparse_score_recompute_sm100.py (SparseScoreRecomputeSm100 with
score_type "indexer"; `pc_cd_dsa_attn_score_sm100` is the same file's attention build), sm_100a.

As `sparse_indexer_score_recompute` -> `_sparse_indexer_score_recompute` (score_recompute/_interface_sm100.py)
compiles it for DeepSeek-V3.2's indexer: 64 query heads over one KV head, head dim 128, BF16, top-k 2048, no
topk_length: m_block 64 (= the heads), n_block 128 (the default), no head-dim split, and the host's SMEM budget
(227 KiB) gives kv_stage 4 with the top-k indices in SMEM; global top-k indices; every tensor `to_cute_tensor`'s
`mark_layout_dynamic(leading_dim=last)`, 16-byte aligned. Per query token: warp 0 TMA-loads the token's 64 head
rows of Q and stages the top-k indices; warpgroup 2 gathers the selected K rows by cp.async (two-deep issue) into
a 4-stage ring; warp 1 runs swap-AB tcgen05 S^T = K Q^T (M = 128 keys, N = 64 heads) into TMEM slots; the
epilogue warpgroup loads the head weights from global memory by a hand-made FP32 view, reads S^T by tcgen05.ld,
sums relu(S) * w over the heads per key and writes softmax over the top-k (cross-warp max and sum in SMEM).
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_100a"


def compile_only(heads=64, head_dim=128, topk=2048):
    import cutlass
    from cutlass import cute

    module = cudnn("deepseek_sparse_attention.score_recompute.sparse_score_recompute_sm100")
    kernel = module.SparseScoreRecomputeSm100(head_dim=head_dim, qhead_per_kvhead=heads, m_block_size=heads,
                                              n_block_size=128, topk=topk, kv_stage=4, score_type="indexer",
                                              have_topk_length=False, topk_in_smem=True, topk_indices_global=True)
    q = dynamic_layout(cutlass.BFloat16, 4)        # (batch, seqlen_q, heads, head_dim)
    k = dynamic_layout(cutlass.BFloat16, 3)        # (batch, seqlen_k, head_dim)
    weights = dynamic_layout(cutlass.BFloat16, 3)  # (batch, seqlen_q, heads)
    topk_idx = dynamic_layout(cutlass.Int32, 3)    # (batch, seqlen_q, topk)
    out = dynamic_layout(cutlass.Float32, 3)       # (batch, seqlen_q, topk)
    return cute.compile(kernel, q, k, weights, topk_idx, out, None, cutlass.Float32(1.0), stream())
