"""nvidia-cudnn-frontend's flex-attention backward at head dim 256 for Blackwell, its dQ kernel alone
(cudnn/flex_attention/kernels/sm100/bwd/backward_dq_hd256.py, BlackwellFusedMultiHeadAttentionBackwardDQKernel),
sm_100a.

`backward_hd256.BlackwellFusedMultiHeadAttentionBackward` launches two kernels apart: this one, which recomputes
S = Q K^T and dP = dO V^T per (256 queries x 128 keys) tile of a 2-CTA pair, writes dS into TMEM and issues
dQ = dS K (K re-loaded as K^T by a third TMA, dS read from TMEM as the A operand), then the dK / dV kernel. The
wrapper normalizes the (batch, seq, heads, head dim) tensors as that launcher does (5-D (B, S, H_k, H_r, D) views,
per-row statistics as (s, ((h_r, h_k), b))) and compiles the dQ kernel alone: bf16, not varlen, as many query heads
as KV heads (no GQA; every extent but the head dim dynamic, as `to_cute_tensor` marks them), the block-sparse CSR
plan the kernels require (counts, indices, offsets and mask payload tensors).
"""

from _common import cudnn, row_major, stream, dynamic

ARCH = "sm_100a"


def _plan(heads, rows, nnz):
    """The CSR plan as `to_cute_block_sparse_tensors` converts it (counts per (head, row block), flat indices)."""
    import cutlass

    i32, u32 = cutlass.Int32, cutlass.Uint32
    kernels = cudnn("flex_attention.plan.kernels")
    return kernels.BlockSparseTensors(
        mask_block_cnt=row_major(i32, (heads, rows), align=4),
        mask_block_idx=row_major(i32, (nnz,), align=4),
        full_block_cnt=row_major(i32, (heads, rows), align=4),
        full_block_idx=row_major(i32, (nnz,), align=4),
        mask_block_offset=row_major(i32, (heads * rows,), align=4),
        full_block_offset=row_major(i32, (heads * rows,), align=4),
        mask_block_masks=row_major(u32, (nnz, 1, 128, 4), align=16),
    )


def _launcher(kernel_name):
    import cutlass
    from cutlass import cute

    dsl = cudnn("flex_attention.runtime.dsl_utils")
    hd256 = cudnn("flex_attention.kernels.sm100.bwd.backward_hd256")

    @cute.jit
    def launch(q, k, v, do, lse_log2, dpsum, dq, dk, dv, scale, plan, stream):
        h_k = k.shape[2]
        h_r = q.shape[2] // h_k
        b = q.shape[0]
        q5, k5, v5, do5 = (dsl.as_bshkrd_tensor(t, h_k, r, False) for t, r in ((q, h_r), (k, 1), (v, 1), (do, h_r)))
        lse = hd256._as_shhb_tensor(lse_log2, h_k, h_r, b, False)
        sum_odo = hd256._as_shhb_tensor(dpsum, h_k, h_r, b, False)
        if cutlass.const_expr(kernel_name == "dq"):
            dq5 = dsl.as_bshkrd_tensor(dq, h_k, h_r, False)
            hd256.BlackwellFusedMultiHeadAttentionBackwardDQKernel(1)(
                q5, k5, v5, dq5, do5, lse, sum_odo, None, None, scale, plan, cutlass.Int32(0), stream)
        else:
            dk5, dv5 = (dsl.as_bshkrd_tensor(t, h_k, 1, False) for t in (dk, dv))
            hd256.BlackwellFusedMultiHeadAttentionBackwardDKDVKernel(1)(
                q5, k5, v5, dk5, dv5, do5, lse, sum_odo, None, None, scale, plan, cutlass.Int32(0), stream)

    return launch


def compile_for(kernel_name, head_dim=256):
    import cutlass
    from cutlass import cute

    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    batch, seqlen, heads = dynamic(), dynamic(divisibility=128), dynamic()
    q, k, v, do, dq, dk, dv = (row_major(bf16, (batch, seqlen, heads, head_dim)) for _ in range(7))
    lse_log2, dpsum = (row_major(f32, (batch, heads, seqlen)) for _ in range(2))
    plan = _plan(dynamic(), dynamic(), dynamic())
    return cute.compile(_launcher(kernel_name), q, k, v, do, lse_log2, dpsum, dq, dk, dv,
                        cutlass.Float32(head_dim ** -0.5), plan, stream())


def compile_only():
    return compile_for("dq")
