"""nvidia-cudnn-frontend's DeepSeek sparse-attention backward target score, attention mode, on Blackwell
(cudnn/deepseek_sparse_attention/score_recompute/sparse_score_recompute_sm100.py, SparseScoreRecomputeSm100 with
score_type "attention"), sm_100a.

As `sparse_attn_score_recompute` (score_recompute/_interface_sm100.py) compiles it for DeepSeek-V3.2's sparse MLA
at 64 query heads over one latent KV head, head dim 576, top-k 2048, no topk_length (non-compact):
`_dispatch_sparse_attn_tile_params` gives m_block 64 (= the heads), n_block 128, k_block 192 (three head-dim
chunks), and `_sparse_attn_score_recompute`'s SMEM budget (227 KiB) gives kv_stage 2 with the top-k indices kept
in SMEM; global top-k indices; every tensor `to_cute_tensor`'s `mark_layout_dynamic(leading_dim=last)`, 16-byte
aligned; the n128 attention epilogue compiled at `--opt-level 2` as the host does (a compile option, no layout
change). Per query token (one CTA tile, CLC persistent): warp 0 TMA-loads the token's 64 packed head rows of Q
in three 192-wide chunks and stages the per-head LSE and the token's top-k indices in SMEM; warpgroup 2 gathers
the selected K rows by cp.async (16 groups of 8 threads, 128-bit chunks) into a 2-stage SMEM ring; warp 1 runs
swap-AB tcgen05 MMAs S^T = K Q^T (M = 128 selected keys, N = 64 heads, over the head dim) into TMEM slots; the
epilogue warpgroup reads S^T by tcgen05.ld, P = exp2(S scale - LSE), sums P over the heads per key and
L1-normalises over the top-k (cross-warp sums in SMEM) into the (token, top-k) FP32 target.
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_100a"


def compile_only(heads=64, head_dim=576, topk=2048):
    import cutlass
    from cutlass import cute

    module = cudnn("deepseek_sparse_attention.score_recompute.sparse_score_recompute_sm100")
    kernel = module.SparseScoreRecomputeSm100(head_dim=head_dim, qhead_per_kvhead=heads, m_block_size=heads,
                                              n_block_size=128, k_block_size=192, topk=topk, kv_stage=2,
                                              score_type="attention", have_topk_length=False, topk_in_smem=True,
                                              topk_indices_global=True)
    q = dynamic_layout(cutlass.BFloat16, 4)      # (batch, seqlen_q, heads, head_dim)
    k = dynamic_layout(cutlass.BFloat16, 3)      # (batch, seqlen_k, head_dim)
    lse = dynamic_layout(cutlass.Float32, 3)     # (batch, seqlen_q, heads)
    topk_idx = dynamic_layout(cutlass.Int32, 3)  # (batch, seqlen_q, topk)
    out = dynamic_layout(cutlass.Float32, 3)     # (batch, seqlen_q, topk)
    return cute.compile(kernel, q, k, lse, topk_idx, out, None, cutlass.Float32(576 ** -0.5), stream(),
                        options="--opt-level 2")
