"""flashinfer's Blackwell GQA decode kernel (flashinfer/cute_dsl/attention/gqa_decode.py), sm_100a.

As its own `run` configures it: head dim 128, 32 query heads over 8 KV heads (4 grouped heads per CTA), one
predicted token, 4 KV splits reduced by the kernel (partial-result workspace), a dense mask; bf16 Q, K, V and
output, fp32 LSE and workspaces; batch 4, 4096 KV tokens.
"""

from _common import flashinfer, row_major, stream

ARCH = "sm_100a"


def compile_only(splits=4, batch=4, seqlen=4096, heads_q=32, heads_k=8, head_dim=128):
    import cutlass

    module = flashinfer("cute_dsl.attention.gqa_decode")
    mask = flashinfer("cute_dsl.attention.fusion.mask")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    q, o = (row_major(bf16, (batch, 1, heads_q, head_dim)) for _ in range(2))
    k, v = (row_major(bf16, (batch, seqlen, heads_k, head_dim)) for _ in range(2))
    lse, m = (row_major(f32, (batch, 1, heads_q), align=4) for _ in range(2))
    o_partial = row_major(f32, (splits, batch, 1, heads_q, head_dim))
    l_partial, m_partial = (row_major(f32, (splits, batch, 1, heads_q), align=4) for _ in range(2))
    fmha = module.GroupedQueryAttentionDecode(head_dim, heads_q // heads_k, prediction_tile=1, sequence_tile=256,
                                              reduction_mode="kernel")
    return cutlass.cute.compile(fmha, cutlass.Int32(splits), q, k, v, o, lse, m, o_partial, l_partial, m_partial,
                                None, mask.DenseMask(), cutlass.Float32(head_dim ** -0.5), cutlass.Float32(1.0),
                                stream(), True)
