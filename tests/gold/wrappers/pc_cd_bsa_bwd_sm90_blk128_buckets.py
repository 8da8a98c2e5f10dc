"""cuDNN frontend's Hopper block-sparse attention backward, 128-token blocks, multi-bucket build
(cudnn/block_sparse_attention/csrc/bwd/sm90_blk128/bsa_bwd_sm90.py, `BlockSparseAttnBackwardSm90Blk128`), sm_90a:
the same launch as `pc_cd_bsa_bwd_sm90_blk128` (O.dO preprocess, warp-specialized backward, dQ converter) in the
build `_bsa_attn_bwd_sm90_blk128` compiles when the bucketed K-to-Q CSR has more than one query group
(`offsets.shape[2] != 1`: more than 256 query blocks, i.e. seqlen_q > 32768 with the default bucket): `direct_kv`
off, so several CTAs share a key block; each MMA warpgroup stages its FP32 dK / dV half in the drained Q / dO SMEM and
bulk reduce-adds it into the workspace accumulators, and two more converter launches (`_GradientConverter(dtype,
128, 2)`) turn the dK and dV accumulators into BF16. `BlockSparseAttnBackwardSm90Blk128(BFloat16, 128, 128, False,
False, False)`, the same thirteen tensors as the direct build's wrapper (BHSD BF16, FP32 LSE and workspace, Int32
CSR offsets (batch, heads, q groups, k blocks + 1) and indices). TVM-FFI left out.
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    module = cudnn("block_sparse_attention.csrc.bwd.sm90_blk128.bsa_bwd_sm90")
    kernel = module.BlockSparseAttnBackwardSm90Blk128(cutlass.BFloat16, 128, 128, False, False, False)
    bf16 = cutlass.BFloat16
    do, o, q, k, v = (dynamic_layout(bf16, 4) for _ in range(5))     # (batch, heads, seqlen, 128)
    lse = dynamic_layout(cutlass.Float32, 3, align=4)                 # (batch, heads, seqlen_q)
    dq, dk, dv = (dynamic_layout(bf16, 4) for _ in range(3))
    offsets = dynamic_layout(cutlass.Int32, 4, align=4)               # (batch, heads, q groups, k blocks + 1)
    indices = dynamic_layout(cutlass.Int32, 3, align=4)               # (batch, heads, edges)
    workspace = dynamic_layout(cutlass.Float32, 3)                    # (batch, heads, elements)
    shape = (cutlass.Int32(65536), cutlass.Int32(65536), 128, (cutlass.Int32(16), cutlass.Int32(1)))
    return cute.compile(kernel, shape, do, o, q, k, v, lse, dq, dk, dv, offsets, indices, None, workspace,
                        cutlass.Float32(1.0), stream())
