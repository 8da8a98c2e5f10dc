"""nvidia-cudnn-frontend's Sage FP8 block-sparse attention forward for Hopper, 64-token sparse blocks
(cudnn/block_sparse_attention/csrc/fwd/sm90_blk64/bsa_fwd_sm90_fp8.py, BlockSparseAttnForwardFp8Sm90Blk64 and its
two `_Fp8Sm90Schedule` builds), sm_90a.

As `_bsa_attn_fwd_sm90_fp8_blk64` (block_sparse_attention/_interface.py, `_bsa_attn_fwd_sm90_fp8` with
sparse_block_size 64) compiles it: MHA, head and value dim 128, E4M3 BHSD Q / K and pretransposed BHDS V (the
layout `_quantize_sage_bhsd(..., v_layout="bhds")` produces), FP32 Q scales per token, K scales per 16 keys and
V scales per (head, channel); the BHSD tensors permuted as the host does (Q, K, O to (seqlen, d, heads, batch),
V to (d, seqlen, heads, batch), the LSE and Q scales to (seqlen, heads, batch), K scales to (seqlen / 16, heads,
batch), V scales to (d, heads), the block index to (slot, query block, head, batch)), each made by
`from_dlpack(...).mark_layout_dynamic(leading_dim)` (run-time extents and strides; 16-byte alignment for Q / K /
V / O, 4 for the rest), `num_sms` a H100's 132. The launcher picks the pipelined schedule (two K / V stages) or the
compact one (one K stage, two V stages) from the run-time CTA count, so both builds are traced. One 128-thread
warpgroup per (64-query block, head, batch): Q by TMA, then per selected 64-key block K and V by TMA, S = Q K^T by
wgmma from SMEM, the Sage softmax (Q x K scales folded in, +8 shift), P converted in registers as the A operand of
O += P V^T's wgmma (V seen (d, keys)), O rescaled by the V channel scales, stmatrix into SMEM and a TMA store.
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only(num_sms=132):
    import cutlass

    module = cudnn("block_sparse_attention.csrc.fwd.sm90_blk64.bsa_fwd_sm90_fp8")
    f8, bf16, f32, i32 = cutlass.Float8E4M3FN, cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    q = dynamic_layout(f8, 4, contiguous=1)
    k = dynamic_layout(f8, 4, contiguous=1)
    v = dynamic_layout(f8, 4, contiguous=1)
    o = dynamic_layout(bf16, 4, contiguous=1)
    lse = dynamic_layout(f32, 3, contiguous=0, align=4)
    q2k = dynamic_layout(i32, 4, contiguous=0, align=4)
    q_scale = dynamic_layout(f32, 3, contiguous=0, align=4)
    k_scale = dynamic_layout(f32, 3, contiguous=0, align=4)
    v_scale = dynamic_layout(f32, 2, contiguous=0, align=4)
    kernel = module.BlockSparseAttnForwardFp8Sm90Blk64(num_sms)
    return cutlass.cute.compile(kernel, q, k, v, o, lse, q2k, cutlass.Int32(4), q_scale, k_scale, v_scale,
                                cutlass.Float32(0.0884), stream())
