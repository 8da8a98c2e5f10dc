"""nvidia-cudnn-frontend's DeepSeek sparse-attention dense backward attention score with MXFP8 Q / K, on Blackwell
(cudnn/deepseek_sparse_attention/score_recompute/dense_score_recompute_sm100_mxfp8.py, BwdDenseAttnScoreSm100Mxfp8,
a subclass of dense_score_recompute_sm100.py's DenseScoreRecomputeSm100 that overrides its __call__ and kernel),
sm_100a.

As the public dense attention score (`dense_attn_score_recompute` -> `_dense_attn_score_recompute`,
score_recompute/_interface_sm100.py) compiles it for precision "mxfp8" at DeepSeek's MLA shape: 128 query heads
over one latent KV head, head dim 512, BSHD, seqlen_k below 4096, no causal offsets:
`_dispatch_dense_attn_tile_params` gives m_block 128 (= the heads: one query token per tile), n_block 128,
k_block 128 (four head-dim chunks), the MXFP8 branch kv_stage 9, sf_vec_size 32; Q / K E4M3, the LSE, output
(batch, seqlen_q, seqlen_k) and denominators (batch, seqlen_q) FP32, Q / K scales E8M0 (batch x KV heads, padded
rows, 16 scale groups) as `_validate_dense_block_scaled_contract` requires; every tensor `to_cute_tensor`'s
`mark_layout_dynamic(leading_dim=last)`, 16-byte aligned. This configuration takes the H128 head-split dual
epilogue (two epilogue warpgroups, 64 heads each), three TMEM accumulator slots, per-128-column scale chunks.
Per query token: TMA loads of Q (four 128-wide chunks) and its scale atoms, a 9-stage TMA ring of K tiles and
their scale atoms; s2t copies of the scales into TMEM; block-scaled tcgen05 MMAs S^T = K Q^T (M = 128 keys,
N = 128 heads); the epilogue reads S^T by tcgen05.ld, sums exp2(S scale - LSE) over the heads per key and writes
the scores and the row denominators.
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_100a"


def compile_only(heads=128, head_dim=512):
    import cutlass
    from cutlass import cute

    module = cudnn("deepseek_sparse_attention.score_recompute.dense_score_recompute_sm100_mxfp8")
    kernel = module.BwdDenseAttnScoreSm100Mxfp8(head_dim=head_dim, qhead_per_kvhead=heads, m_block_size=128,
                                                n_block_size=128, k_block_size=128, kv_stage=9, ratio=1,
                                                is_varlen=False, sf_vec_size=32)
    f8, e8, f32 = cutlass.Float8E4M3FN, cutlass.Float8E8M0FNU, cutlass.Float32
    q = dynamic_layout(f8, 4)        # (batch, seqlen_q, heads, head_dim)
    k = dynamic_layout(f8, 4)        # (batch, seqlen_k, 1, head_dim)
    lse = dynamic_layout(f32, 3)     # (batch, seqlen_q, heads)
    q_scale = dynamic_layout(e8, 3)  # (batch * kv heads, padded seqlen_q * heads, 16)
    k_scale = dynamic_layout(e8, 3)  # (batch * kv heads, padded seqlen_k, 16)
    out = dynamic_layout(f32, 3)     # (batch, seqlen_q, seqlen_k)
    denom = dynamic_layout(f32, 2)   # (batch, seqlen_q)
    return cute.compile(kernel, q, k, lse, q_scale, k_scale, out, denom, cutlass.Float32(512 ** -0.5),
                        cutlass.Int32(1), cutlass.Int32(2048), None, None, None, None, None, stream())
