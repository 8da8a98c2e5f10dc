"""cuDNN frontend's DeepSeek sparse-attention indexer backward, dense mode, SM90: the score-gradient precompute
(cudnn/deepseek_sparse_attention/indexer_backward/dense_indexer_backward_sm90.py, `ScoreGradDenseSm90`), sm_90a:
one 128-thread CTA per (query row, batch) walks the row's causal keys with scalar loads: the indexer's softmax
(raw score - LSE, exp2) against the attention's L1-normalised target, a per-warp partial sum through a 4-slot
SMEM scratch, then the gradient written over the raw index scores in place (zeros up to the block_I-rounded
limit). Compiled as `dense_indexer_backward_sm90(...)`'s `_ensure_compiled_score_grad` compiles it for the BSHD
layout (no cu_seqlens, no causal offsets), ratio 1, block_I 128: `ScoreGradDenseSm90(1, 128)` with its tensors
as `to_cute_tensor` presents them (`mark_layout_dynamic(leading_dim=ndim - 1)`, 16-byte aligned): index and
attention raw scores (batch, seqlen_q, seqlen_k) and the index LSE and attention L1 norms (batch, seqlen_q)
FP32; the grad-loss scalar (1,) FP32, 4-byte aligned, leading dim 0. TVM-FFI left out.
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only():
    import cutlass

    from cutlass import cute

    module = cudnn("deepseek_sparse_attention.indexer_backward.dense_indexer_backward_sm90",
                  host_only=("api_base", "frost.buffers"))
    kernel = module.ScoreGradDenseSm90(ratio=1, block_I=128)
    f32 = cutlass.Float32
    idx_score = dynamic_layout(f32, 3)     # (batch, seqlen_q, seqlen_k)
    attn_score = dynamic_layout(f32, 3)    # (batch, seqlen_q, seqlen_k)
    idx_lse = dynamic_layout(f32, 2)       # (batch, seqlen_q)
    attn_l1 = dynamic_layout(f32, 2)       # (batch, seqlen_q)
    grad_loss = dynamic_layout(f32, 1, contiguous=0, align=4)  # (1,)
    return cute.compile(kernel, idx_score, attn_score, idx_lse, attn_l1, None, None, None, grad_loss,
                        cutlass.Float32(1.0), cutlass.Int32(4096), cutlass.Int32(4096), stream())
