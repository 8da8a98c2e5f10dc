"""cuDNN frontend's Hopper Sage-FP8 block-sparse attention forward, 128-token blocks
(cudnn/block_sparse_attention/csrc/fwd/sm90_blk128/bsa_fwd_sm90_fp8.py, `BlockSparseAttnForwardFp8Sm90Blk128`),
sm_90a: a warp-specialized CTA per (128-query tile, head x batch): a producer warp TMA-loads Q once and the selected
128-key K and BHDS V blocks (the q2k block index, back to front, K one block ahead of V) into two 2-stage
PipelineTmaAsync rings; two consumer warpgroups (64 query rows each) overlap wgmma S = Q K^T of the next block with
O += P V of the current one, the Sage softmax (per-query and per-16-key FP32 descales, the blk64 file's helper)
and the FP8 P permutation in registers, the per-channel V descale in the normalisation, LSE by lane stores, O by
stmatrix into Q's SMEM and a TMA store. Compiled as `_bsa_attn_fwd_sm90_fp8(..., sparse_block_size=128)` compiles
it: `BlockSparseAttnForwardFp8Sm90Blk128()` with its nine tensors as `_to_cute_tensor(t.permute(...),
leading_dim=...)` presents them: Q / K (seqlen, 128, heads, batch) and V (128, seqlen, heads, batch) E4M3, O
(seqlen, 128, heads, batch) BF16, the head-dim (V: key) mode contiguous, 16-byte aligned; LSE (seqlen, heads,
batch), the q2k indices (capacity, q tiles, heads, batch) Int32, the Q scales (seqlen, heads, batch), K scales
(seqlen / 16, heads, batch) and V scales (128, heads) FP32, mode 0 contiguous, 4-byte aligned. TVM-FFI left out.
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    module = cudnn("block_sparse_attention.csrc.fwd.sm90_blk128.bsa_fwd_sm90_fp8")
    kernel = module.BlockSparseAttnForwardFp8Sm90Blk128()
    e4m3 = cutlass.Float8E4M3FN
    q = dynamic_layout(e4m3, 4, contiguous=1)            # (seqlen_q, 128, heads, batch)
    k = dynamic_layout(e4m3, 4, contiguous=1)            # (seqlen_k, 128, heads, batch)
    v = dynamic_layout(e4m3, 4, contiguous=1)            # (128, seqlen_k, heads, batch)
    o = dynamic_layout(cutlass.BFloat16, 4, contiguous=1)  # (seqlen_q, 128, heads, batch)
    lse = dynamic_layout(cutlass.Float32, 3, contiguous=0, align=4)      # (seqlen_q, heads, batch)
    indices = dynamic_layout(cutlass.Int32, 4, contiguous=0, align=4)    # (capacity, q tiles, heads, batch)
    q_scale = dynamic_layout(cutlass.Float32, 3, contiguous=0, align=4)  # (seqlen_q, heads, batch)
    k_scale = dynamic_layout(cutlass.Float32, 3, contiguous=0, align=4)  # (seqlen_k / 16, heads, batch)
    v_scale = dynamic_layout(cutlass.Float32, 2, contiguous=0, align=4)  # (128, heads)
    return cute.compile(kernel, q, k, v, o, lse, indices, cutlass.Int32(4), q_scale, k_scale, v_scale,
                        cutlass.Float32(128 ** -0.5), stream())
