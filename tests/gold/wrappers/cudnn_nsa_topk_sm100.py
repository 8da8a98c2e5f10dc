"""nvidia-cudnn-frontend's NSA top-k reduction forward (cudnn/native_sparse_attention/top_k/
nsa_top_k_reduction_fwd.py, FineGrainedReductionQK), sm_100a.

As `TopKReduction.compile` (top_k/api.py) builds and compiles it for the B,H,S,D layout with the api's defaults:
bf16 Q and compressed K, fp32 accumulator, LSE and scores; k_value 16, 64-token selection blocks over a
compression stride of 32 (two compressed keys per selection block), causal, mma_tiler (128, 128, head dim);
here 2 sequences of 4096 queries, 64 query heads over 4 KV heads, head dim 128, 128 compressed keys (4096 / 32);
the top-k outputs are (b, s_q, h_k, k) tensors transposed to (b, h_k, s_q, k), as `topk_reduction_wrapper`
allocates them. Warp-specialised: a TMA warp loads Q and K tiles, an MMA warp computes S = Q K^T on tcgen05 into
TMEM, four compute warps read S back (t2r), turn it into probabilities with the forward's LSE, sum them over each
KV head's query-head group and over the compressed keys of a selection block, and keep a per-row top-k.
"""

from _common import cudnn, row_major, stream, tensor

ARCH = "sm_100a"


def compile_only(batch=2, seqlen_q=4096, seqlen_k=128, heads_q=64, heads_k=4, head_dim=128, top_k=16):
    import cutlass

    module = cudnn("native_sparse_attention.top_k.nsa_top_k_reduction_fwd")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    q = row_major(bf16, (batch, heads_q, seqlen_q, head_dim))
    k = row_major(bf16, (batch, heads_k, seqlen_k, head_dim))
    lse = row_major(f32, (batch, heads_q, seqlen_q))
    scores = tensor(f32, (batch, heads_k, seqlen_q, top_k), (3, 1, 2, 0))
    indices = tensor(i32, (batch, heads_k, seqlen_q, top_k), (3, 1, 2, 0))
    kernel = module.FineGrainedReductionQK(element_dtype=bf16, acc_dtype=f32, k_value=top_k, selection_block_size=64,
                                           compress_block_sliding_stride=32, mma_tiler=(128, 128, head_dim),
                                           is_causal=True)
    problem = (batch, seqlen_q, seqlen_k, heads_q, heads_k, head_dim)
    return cutlass.cute.compile(kernel, problem, q, k, lse, scores, indices, cutlass.Float32(0.1275), None, None,
                                stream())
