"""cuDNN frontend's DeepSeek sparse-attention indexer forward on Hopper (cudnn/deepseek_sparse_attention/
indexer_forward/indexer_fwd_sm90.py, `IndexerForwardSm90`, a CuTeDSL port of its C++ kernel), sm_90a:
score[b, q, k] = sm_scale * sum_h relu(Q_h K^T) * W_h with ratio-causal masking. Swap-AB wgmma: the MMA's M is 64 keys
(a K tile) and its N the CTA's 128 packed (grouped head, query token) rows as two 64-row Q stages, K = head dim 128;
warpgroup 0 TMA-loads Q and a 2-stage K ring and stages the head weights; the consumer warpgroups reduce the
accumulator over the heads in registers and write the scores to global memory. Compiled as `indexer_fwd` compiles it
on its default path: precision "bf16" (BF16 Q / K / W), BSHD (not varlen), 64 query heads over one KV head
(DeepSeek-V3.2's indexer), ratio 4, no LSE, no q_causal_offsets; every tensor `to_cute_tensor`'s
`mark_layout_dynamic(leading_dim=last)`, 16-byte aligned; the TVM-FFI options are left out (compile-only).
"""

from _common import cudnn, stream

ARCH = "sm_90a"


def _dynamic(dtype, rank):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    stride = tuple(1 if mode == rank - 1 else cute.sym_int64() for mode in range(rank))
    return make_fake_tensor(dtype, tuple(cute.sym_int() for _ in range(rank)), stride=stride, assumed_align=16)


def compile_only(heads=64, ratio=4):
    import cutlass
    from cutlass import cute

    module = cudnn("deepseek_sparse_attention.indexer_forward.indexer_fwd_sm90")
    kernel = module.IndexerForwardSm90(cutlass.BFloat16, cutlass.BFloat16, head_dim=128, qhead_per_kvhead=heads,
                                       ratio=ratio)
    q = _dynamic(cutlass.BFloat16, 4)     # (batch, seqlen_q, heads, 128)
    k = _dynamic(cutlass.BFloat16, 4)     # (batch, seqlen_k, 1, 128)
    w = _dynamic(cutlass.BFloat16, 3)     # (batch, seqlen_q, heads)
    out = _dynamic(cutlass.Float32, 3)    # (batch, seqlen_q, seqlen_k)
    return cute.compile(kernel, q, k, w, None, None, out, None, cutlass.Int32(1), cutlass.Int32(4096),
                        cutlass.Int32(4096), cutlass.Float32(1.0), None, None, None, stream())
