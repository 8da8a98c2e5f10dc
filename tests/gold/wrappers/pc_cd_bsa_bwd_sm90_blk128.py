"""cuDNN frontend's Hopper block-sparse attention backward, 128-token blocks
(cudnn/block_sparse_attention/csrc/bwd/sm90_blk128/bsa_bwd_sm90.py, `BlockSparseAttnBackwardSm90Blk128`), sm_90a:
one `@cute.jit` that launches three kernels: `sum_OdO` (rowwise sum of O * dO, LSE in log2 units, the FP32 dQ
accumulator cleared), the warp-specialized backward `bwd` (a producer warpgroup TMA-loads one 128-key K / V block
and walks the block's bucketed K-to-Q CSR list of 64-query Q / dO tiles and their LSE / dPsum rows; two MMA
warpgroups compute S = Q K^T and dP = dO V^T on wgmma, dS into SMEM, dV += P^T dO and dK += dS^T Q in registers,
dQ partials by wgmma into an SMEM accumulator that a store warp adds to global FP32 by TMA reduce) and the dQ
converter (`_GradientConverter`: FP32 accumulator x scale to BF16 through SMEM). Compiled as
`_bsa_attn_bwd_sm90_blk128` compiles it for BHSD BF16 tensors of head dim 128, sequence lengths multiples of 128
and one CSR bucket (`offsets.shape[2] == 1`: `direct_kv`, dK / dV written straight from the MMA warpgroups, no
K / V converter), no per-block sizes, a positive scale: `BlockSparseAttnBackwardSm90Blk128(BFloat16, 128, 128,
False, True, False)` with the problem shape (seqlen_q, seqlen_k, 128, (heads, batch)) and its thirteen tensors as
`_to_sm90_blk128_dynamic_tensor` presents them (`mark_layout_dynamic(leading_dim=<the unit-stride mode>)`): dO, O,
Q, K, V, dQ, dK, dV (batch, heads, seqlen, 128) BF16, 16-byte aligned; LSE (batch, heads, seqlen_q) FP32, the CSR
offsets (batch, heads, 1, k blocks + 1) and indices (batch, heads, edges) Int32, 4-byte aligned; the FP32
workspace (batch, heads, elements), 16-byte aligned. TVM-FFI left out.
"""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    module = cudnn("block_sparse_attention.csrc.bwd.sm90_blk128.bsa_bwd_sm90")
    kernel = module.BlockSparseAttnBackwardSm90Blk128(cutlass.BFloat16, 128, 128, False, True, False)
    bf16 = cutlass.BFloat16
    do, o, q, k, v = (dynamic_layout(bf16, 4) for _ in range(5))     # (batch, heads, seqlen, 128)
    lse = dynamic_layout(cutlass.Float32, 3, align=4)                 # (batch, heads, seqlen_q)
    dq, dk, dv = (dynamic_layout(bf16, 4) for _ in range(3))
    offsets = dynamic_layout(cutlass.Int32, 4, align=4)               # (batch, heads, 1, k blocks + 1)
    indices = dynamic_layout(cutlass.Int32, 3, align=4)               # (batch, heads, edges)
    workspace = dynamic_layout(cutlass.Float32, 3)                    # (batch, heads, elements)
    shape = (cutlass.Int32(4096), cutlass.Int32(4096), 128, (cutlass.Int32(16), cutlass.Int32(2)))
    return cute.compile(kernel, shape, do, o, q, k, v, lse, dq, dk, dv, offsets, indices, None, workspace,
                        cutlass.Float32(1.0), stream())
