"""nvidia-cudnn-frontend's NSA selection attention forward (cudnn/native_sparse_attention/selection/
NSA_select_attn_fwd_hmma.py, HopperSelectAttentionFwd), sm_90a.

As `SelectionAttention.compile` (selection/api.py) builds and compiles it for the T,H,D layout (each tensor
unsqueezed to a leading batch mode of 1, static shapes from the sample tensors, Q/K/V/O assumed 128-byte aligned):
bf16, head and value dim 128, 64 query heads over 4 KV heads (GQA group 16, NSA's own setting), 64-key selection
blocks (the api's default), 16 selected blocks per token, two sequences in 2048 tokens (`max_s_q` 1024, the api's
default), not causal within a block. One 32-thread CTA per (query token, KV head, sequence) loads the token's 16
grouped heads by TMA, then for each selected block loads K and V by TMA, S = Q K^T and O += P V by mma.sync
(ldmatrix, V transposed in SMEM), online softmax in registers, and writes O through a staged TMA-store epilogue and
the row max and sum (M, L) element by element.
"""

from _common import cudnn, row_major, stream

ARCH = "sm_90a"


def compile_only(tokens=2048, heads_q=64, heads_k=4, head_dim=128, top_k=16, batch=2):
    import cutlass

    module = cudnn("native_sparse_attention.selection.NSA_select_attn_fwd_hmma")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    q, o = (row_major(bf16, (1, tokens, heads_q, head_dim), align=128) for _ in range(2))
    k, v = (row_major(bf16, (1, tokens, heads_k, head_dim), align=128) for _ in range(2))
    lse, row_max = (row_major(f32, (1, tokens, heads_q)) for _ in range(2))
    block_indices = row_major(i32, (tokens, heads_k, top_k))
    block_counts = row_major(i32, (tokens, heads_k))
    seq_offsets = row_major(i32, (batch + 1,))
    kernel = module.HopperSelectAttentionFwd(head_dim=head_dim, value_dim=head_dim, GQA_group_size=heads_q // heads_k,
                                             block_size=64, dtype=bf16, acc_dtype=f32,
                                             causal_within_selected_blocks=False)
    return cutlass.cute.compile(kernel, q, k, v, o, lse, row_max, block_indices, block_counts, 1024, seq_offsets,
                                cutlass.Float32(0.088), stream())
