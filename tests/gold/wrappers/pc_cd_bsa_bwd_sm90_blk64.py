"""cuDNN frontend's Hopper block-sparse attention backward, 64-token blocks
(cudnn/block_sparse_attention/csrc/bwd/sm90_blk64/bsa_bwd_sm90.py, `BlockSparseAttnBackwardSm90Blk64`), sm_90a:
one `@cute.jit` that launches five kernels: the O * dO row-sum preprocess, the warp-specialized backward (a producer
warp TMA-loads one 64-key K / V block and walks its bucketed K-to-Q CSR list of 64-query Q / dO tiles with their
LSE / dPsum rows; two MMA warpgroups compute S and dP on wgmma with swapped operands, P and dS into SMEM, dV and
dK in registers, dQ partials through an SMEM accumulator ring that a store warp adds to global FP32; dK / dV added
to FP32 workspace accumulators) and three postprocess launches converting the dQ, dK and dV accumulators to
BF16. Compiled as `_bsa_attn_bwd_bucketed_k2q_csr` compiles it on SM90 for BHSD BF16 tensors of head dim 128 and
no per-block sizes: `BlockSparseAttnBackwardSm90Blk64(BFloat16, 128, 128)` with the problem shape (seqlen_q,
seqlen_k, 128, (heads, batch)) and its thirteen tensors as `_to_sm90_bwd_cute_tensor` (`_to_cute_tensor`:
`mark_layout_dynamic(leading_dim=ndim - 1)`) presents them: dO, O, Q, K, V, dQ, dK, dV (batch, heads, seqlen, 128)
BF16, 16-byte aligned; LSE (batch, heads, seqlen_q) FP32, the CSR offsets (batch, heads, q groups, k blocks + 1)
and indices (batch, heads, edges) Int32, 4-byte aligned; the FP32 workspace (batch, heads, elements), 16-byte
aligned. TVM-FFI left out.
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    module = cudnn("block_sparse_attention.csrc.bwd.sm90_blk64.bsa_bwd_sm90")
    kernel = module.BlockSparseAttnBackwardSm90Blk64(cutlass.BFloat16, 128, 128)
    bf16 = cutlass.BFloat16
    do, o, q, k, v = (dynamic_layout(bf16, 4) for _ in range(5))     # (batch, heads, seqlen, 128)
    lse = dynamic_layout(cutlass.Float32, 3, align=4)                 # (batch, heads, seqlen_q)
    dq, dk, dv = (dynamic_layout(bf16, 4) for _ in range(3))
    offsets = dynamic_layout(cutlass.Int32, 4, align=4)               # (batch, heads, q groups, k blocks + 1)
    indices = dynamic_layout(cutlass.Int32, 3, align=4)               # (batch, heads, edges)
    workspace = dynamic_layout(cutlass.Float32, 3)                    # (batch, heads, elements)
    shape = (cutlass.Int32(4096), cutlass.Int32(4096), 128, (cutlass.Int32(16), cutlass.Int32(2)))
    return cute.compile(kernel, shape, do, o, q, k, v, lse, dq, dk, dv, offsets, indices, None, workspace,
                        cutlass.Float32(1.0), stream())
