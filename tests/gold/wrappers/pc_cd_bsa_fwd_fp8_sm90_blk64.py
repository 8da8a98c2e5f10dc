"""cuDNN frontend's Hopper Sage-FP8 block-sparse attention forward, 64-token blocks
(cudnn/block_sparse_attention/csrc/fwd/sm90_blk64/bsa_fwd_sm90_fp8.py, `BlockSparseAttnForwardFp8Sm90Blk64`), sm_90a:
one 128-thread warpgroup per (64-query tile, head, batch) walks the tile's selected 64-key blocks (the q2k block
index, read back to front): TMA loads of Q, K and pretransposed BHDS V into swizzled SMEM, wgmma S = Q K^T with
E4M3 operands, a Sage softmax that applies the per-query and per-16-key FP32 descales in registers, O += P V with P
from registers, the per-channel V descale in the normalisation, LSE by lane-0 stores, O through stmatrix into SMEM
and a TMA store. Compiled as `_bsa_attn_fwd_sm90_fp8(..., sparse_block_size=64)` compiles it: the dispatcher
`BlockSparseAttnForwardFp8Sm90Blk64(num_sms)` (132 SMs, an H100's) whose `__call__` chooses at run time between
the pipelined schedule (two K/V stages) and the compact one (one K stage, two V stages), so both kernels are
traced; its nine tensors as `_to_cute_tensor(t.permute(...), leading_dim=...)` presents them: Q / K (seqlen, 128,
heads, batch) and V (128, seqlen, heads, batch) E4M3, O (seqlen, 128, heads, batch) BF16, all with the head-dim
(V: key) mode contiguous and 16-byte aligned; LSE (seqlen, heads, batch), the q2k indices (capacity, q tiles,
heads, batch) Int32, the Q scales (seqlen, heads, batch), K scales (seqlen / 16, heads, batch) and V scales
(128, heads) FP32, mode 0 contiguous, 4-byte aligned. TVM-FFI left out (compile-only).
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only(num_sms=132):
    import cutlass
    from cutlass import cute

    module = cudnn("block_sparse_attention.csrc.fwd.sm90_blk64.bsa_fwd_sm90_fp8")
    kernel = module.BlockSparseAttnForwardFp8Sm90Blk64(num_sms)
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
