"""nvidia-cudnn-frontend's block-sparse attention forward, native 128x128 tiles, SM120 (cudnn/block_sparse_attention/
csrc/fwd/sm120_blk128/bsa_fwd_sm120.py, BlockSparseAttnForwardSm120Blk128), sm_120a.

As `_bsa_attn_fwd_sm120` (block_sparse_attention/_interface.py) builds and compiles it for 128-token sparse blocks
with per-(batch, head, query-block) block counts given (`q2k_block_nums`), which selects this general kernel rather
than the FA4-style one, and no per-block valid sizes: bf16, head and value dim 128, 32 query heads over 8 KV heads,
2 x 4096 tokens, 8 selected KV blocks per query block; the BHSD tensors permuted as the host does (Q, K, O to
(seqlen, d, heads, batch), V to (d, seqlen, heads, batch), the LSE to (seqlen, heads, batch), the block index to
(slot, query block, head, batch)), static shapes as `from_dlpack` gives them. One 256-thread CTA per (query block,
head, batch) loads Q by TMA, then for each selected KV block K and V by TMA, S = Q K^T and O += P V by mma.sync
(8 warps along the 128 queries, ldmatrix), online softmax in registers, the LSE element by element, and O through
stmatrix and a TMA store.
"""

from _common import cudnn, stream, tensor

ARCH = "sm_120a"


def compile_only(batch=2, heads_q=32, heads_k=8, seqlen=4096, head_dim=128, top_k=8):
    import cutlass

    module = cudnn("block_sparse_attention.csrc.fwd.sm120_blk128.bsa_fwd_sm120")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    q_blocks = seqlen // 128
    q = tensor(bf16, (seqlen, head_dim, heads_q, batch), (1, 0, 2, 3), align=128)
    k = tensor(bf16, (seqlen, head_dim, heads_k, batch), (1, 0, 2, 3), align=128)
    v = tensor(bf16, (head_dim, seqlen, heads_k, batch), (0, 1, 2, 3), align=128)
    o = tensor(bf16, (seqlen, head_dim, heads_q, batch), (1, 0, 2, 3), align=128)
    lse = tensor(f32, (seqlen, heads_q, batch), (0, 1, 2), align=4)
    q2k = tensor(i32, (top_k, q_blocks, heads_q, batch), (0, 1, 2, 3))
    q2k_nums = tensor(i32, (q_blocks, heads_q, batch), (0, 1, 2))
    kernel = module.BlockSparseAttnForwardSm120Blk128(gqa_ratio=heads_q // heads_k, head_dim=head_dim,
                                                      value_dim=head_dim, blocksparse_blocksize_q=128,
                                                      blocksparse_blocksize_k=128, dtype=bf16, acc_dtype=f32,
                                                      has_block_sizes=False, has_block_nums=True, block_sizes_mode=0)
    return cutlass.cute.compile(kernel, q, k, v, o, lse, q2k, q2k_nums, top_k, q2k_nums, 0.0884, stream())
