"""cuDNN frontend's DeepSeek sparse-attention sparse score recompute on Hopper
(cudnn/deepseek_sparse_attention/score_recompute/sparse_score_recompute_sm90.py, `SparseScoreRecomputeSm90`), sm_90a:
for each query token, S[i] = sum_h relu(Q_h K_{topk[i]}^T) * W_h over its top-k keys, then a softmax over the top-k.
Two warpgroups: WG0 TMA-loads one token's 64 packed query heads and gathers the 64 selected K rows of an n block by
cp.async into a 2-slot SMEM ring (a zero row where the index is out of range); WG1 runs swap-AB wgmma (M = 64 keys,
N = 64 heads, K = head dim 128), reduces relu(S) * w over the heads in registers into a per-position SMEM buffer,
then a 128-thread softmax writes the probabilities. Compiled as `sparse_indexer_score_recompute` compiles it:
BF16 Q / K / weights, 64 query heads over one KV head (DeepSeek-V3.2's indexer: tile_m 64, one head tile), top-k
2048, no topk_length (the default), sm_scale 1.0, probabilities (not log), global top-k indices; every tensor
`to_cute_tensor`'s `mark_layout_dynamic(leading_dim=last)`, 16-byte aligned; k_indexer unsqueezed to
(B, S, 1, 128), weights transposed to (B, H, S) as the entry point does. TVM-FFI options left out (compile-only).
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only(heads=64, topk=2048):
    import cutlass
    from cutlass import cute

    module = cudnn("deepseek_sparse_attention.score_recompute.sparse_score_recompute_sm90")
    kernel = module.SparseScoreRecomputeSm90(cutlass.BFloat16, head_dim=128, qhead_per_kvhead=heads, tile_m=heads,
                                             tile_n=64, num_threads=256, swap_AB=True, topk_max=topk,
                                             is_index_scores=True, softmax_scale=1.0, has_topk_length=False,
                                             num_head_tiles=1, is_sparse=True, output_log_probs=False,
                                             topk_indices_global=True)
    q = dynamic_layout(cutlass.BFloat16, 4)       # (batch, seqlen_q, heads, 128)
    kv = dynamic_layout(cutlass.BFloat16, 4)      # (batch, seqlen_k, 1, 128)
    topk_idx = dynamic_layout(cutlass.Int32, 3)   # (batch, seqlen_q, topk)
    out = dynamic_layout(cutlass.Float32, 3)      # (batch, seqlen_q, topk)
    weights = dynamic_layout(cutlass.BFloat16, 3)  # (batch, heads, seqlen_q)
    return cute.compile(kernel, q, kv, topk_idx, stream(), out, weights, None, None)
