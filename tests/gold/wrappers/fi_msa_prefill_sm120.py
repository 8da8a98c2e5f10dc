"""flashinfer's MSA sparse attention prefill for SM120/SM121 (flashinfer/msa_ops/cute_dsl/sparse_prefill_sm12x.py,
SparsePrefillSm12x), sm_120a.

As `_msa_sparse_prefill` compiles it for a flat (non-paged) bf16 KV cache: head dim 128, 32 query heads over 8 KV
heads (group_size 4, so `_union_tile_config` gives m_block 128 = 32 query tokens x 4 grouped heads, 256 threads),
128-key blocks, causal, the softmax LSE on, the temperature LSE off; every extent the host makes a `sym_int` is
dynamic here too. One CTA per union work item gathers its query tile's 4 heads per token into SMEM, then for each
selected KV block loads K and V by cp.async, S = Q K^T and O += P V by mma.sync (ldmatrix, V transposed), online
softmax in registers, and writes O and the LSE element by element.
"""

from _common import dynamic, flashinfer, row_major, stream

ARCH = "sm_120a"


def compile_only(head_dim=128, heads_q=32, heads_k=8):
    import cutlass

    module = flashinfer("msa_ops.cute_dsl.sparse_prefill_sm12x")
    bf16, f32, i32, u8 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32, cutlass.Uint8
    group = heads_q // heads_k
    total_q, total_k, work = dynamic(), dynamic(), dynamic()
    q, o = (row_major(bf16, (total_q, heads_q, head_dim)) for _ in range(2))
    k, v = (row_major(bf16, (total_k, heads_k, head_dim)) for _ in range(2))
    k_sf, v_sf = (row_major(u8, (dynamic(),), align=4) for _ in range(2))
    lse = row_major(f32, (dynamic(), dynamic()), align=4)
    lse_t = row_major(f32, (dynamic(), dynamic()), align=4)
    union_blocks, union_masks = (row_major(i32, (work, dynamic()), align=4) for _ in range(2))
    union_count = row_major(i32, (work,), align=4)
    work_meta = row_major(i32, (work, 3), align=4)
    work_count = row_major(i32, (dynamic(),), align=4)
    batch1 = dynamic()
    cu_q, cu_k = (row_major(i32, (batch1,), align=4) for _ in range(2))
    q_offset = row_major(i32, (dynamic(),), align=4)
    page_table = row_major(i32, (dynamic(), dynamic()), align=4)
    kernel = module.SparsePrefillSm12x(head_dim=head_dim, m_block_size=128, n_block_size=128, group_size=group,
                                       num_threads=256, is_causal=True, return_softmax_lse=True)
    return cutlass.cute.compile(kernel, q, k, v, k_sf, v_sf, o, lse, lse_t, union_blocks, union_masks, union_count,
                                work_meta, work_count, cu_q, cu_k, q_offset, page_table, cutlass.Float32(1.0),
                                cutlass.Float32(1.0), cutlass.Float32(1.0), cutlass.Int32(1), stream())
