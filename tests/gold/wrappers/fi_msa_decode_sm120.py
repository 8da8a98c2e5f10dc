"""flashinfer's MSA sparse attention decode for SM120/SM121 (flashinfer/msa_ops/cute_dsl/sparse_decode_sm12x.py,
SparseDecodeForwardSm12x and SparseCombineSm12x), sm_120a.

As `msa_sparse_decode_attention` compiles them on its split path (not fused: the low-batch route) for a paged
bf16 KV cache (pages of 128 tokens): head dim 128, 32 query heads over 8 KV heads (group_size 4), top-k 16 selected
KV blocks per token, causal with the default right-aligned offset, bf16 partials; then `_combine_partials`' combine
kernel with the softmax LSE out and no temperature LSE. Extents the host makes `sym_int`s are dynamic here too.
The forward runs one CTA per (token, chunk of selected blocks, KV head): the token's 4 grouped heads fill the
16-row MMA tile, K and V come in 32-token sub-blocks through a cp.async double buffer, one warp computes S = Q K^T and
O += P V by mma.sync (ldmatrix, V transposed) with an online softmax, and writes the chunk's normalised partial O
and log2 LSE element by element. The combine merges a (token, head)'s chunk partials with LSE weights.
"""

from _common import dynamic, flashinfer, row_major, stream

ARCH = "sm_120a"


def compile_only(head_dim=128, heads_q=32, heads_k=8, topk=16):
    import cutlass

    module = flashinfer("msa_ops.cute_dsl.sparse_decode_sm12x")
    bf16, f32, i32, u8 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32, cutlass.Uint8
    total_q, pages = dynamic(), dynamic()
    q = row_major(bf16, (total_q, heads_q, head_dim))
    k, v = (row_major(bf16, (pages, heads_k, 128, head_dim)) for _ in range(2))
    page_table = row_major(i32, (dynamic(), dynamic()), align=4)
    k_sf, v_sf = (row_major(u8, (dynamic(),), align=4) for _ in range(2))
    q2k = row_major(i32, (heads_k, total_q, topk), align=4)
    ptq, phq = dynamic(), dynamic()
    o_partial = row_major(bf16, (topk, ptq, phq, head_dim))
    lse_partial = row_major(f32, (topk, ptq, phq), align=4)
    split_counts = row_major(i32, (dynamic(), dynamic()), align=4)
    otq, ohq = dynamic(), dynamic()
    out_dummy = row_major(bf16, (otq, ohq, head_dim))
    lse_out_dummy = row_major(f32, (otq, ohq), align=4)
    seq_lens, q_offset = (row_major(i32, (dynamic(),), align=4) for _ in range(2))
    forward = module.SparseDecodeForwardSm12x(head_dim=head_dim, group_size=heads_q // heads_k, topk=topk,
                                              num_threads=128, is_causal=True, paged=True, fused=False,
                                              qoff_default=True)
    cutlass.cute.compile(forward, q, k, v, page_table, k_sf, v_sf, q2k, o_partial, lse_partial, split_counts,
                         out_dummy, lse_out_dummy, seq_lens, q_offset, cutlass.Float32(1.0), cutlass.Float32(1.0),
                         cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), stream())

    def symbolic(dtype, ndim, align=16):  # the combine's fake tensors: every extent its own symbol, as the host's
        return row_major(dtype, tuple(dynamic() for _ in range(ndim)), align=align)

    combine = module.SparseCombineSm12x(head_dim=head_dim, topk=topk, partial_is_fp8=False, has_lse_out=True,
                                        has_lse_t=False, num_threads=128)
    return cutlass.cute.compile(combine, symbolic(bf16, 4), symbolic(f32, 3, 4), symbolic(i32, 2, 4),
                                symbolic(bf16, 3), symbolic(f32, 2, 4), symbolic(f32, 3, 4), symbolic(f32, 2, 4),
                                cutlass.Float32(1.0), cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), stream())
