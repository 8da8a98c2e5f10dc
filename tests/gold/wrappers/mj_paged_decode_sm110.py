"""mjolnir-kernel's paged fp8 decode attention for Jetson Thor (mjolnir/t5_decode.py,
MixedInputFusedMultiHeadAttentionDecode: the decode kernel and its split-KV reduction), compiled for sm_110a, the
target the kernel is written for (it also compiles under sm_100a; sm_110a is kept).

As `runner.T5DecodeRunner` builds and compiles it for vLLM (`_make_kernel`, `_launch`) with the backend's defaults
(`backend.py`: fp8 Q, fp8 KV cache, at most 16 splits, EVICT_FIRST K/V loads, no PDL, no L2 prefetch) except one:
1 CTA per SM (`MJOLNIR_ATTN_CTAS=1`, a backend setting), because the default 2 launches with
`min_blocks_per_mp=2`, which makes the compile ask the driver (no GPU here). 32 query heads over 8 KV heads, head dim
128, vLLM's 16-token pages (NHD cache), one query token per sequence (q_len 1: 4 packed rows per KV head, so
`tile_width` gives 16-row tiles), a batch below one wave (the reduction is compiled in). The kernel takes raw
pointers and strides, as `_launch` hands them over. Per CTA: one work item (sequence, chunk of 128-key tiles) of one
KV head; S^T = K Q^T (128 keys x 16 rows over d) and O^T = V^T P (d x 16 rows over keys) by tcgen05 from SMEM, K/V
by one TMA box per page into a 4-slot ring, a softmax warpgroup on TMEM.
"""

from _common import mjolnir

ARCH = "sm_110a"


def compile_only(seqs=32, heads_q=32, heads_k=8, head_dim=128, page_size=16, pages=4096, max_blocks=256,
                 max_splits=16, num_work=64):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    t5 = mjolnir("t5_decode")
    n_q = heads_q // heads_k
    kernel = t5.MixedInputFusedMultiHeadAttentionDecode(
        headdim=head_dim, grouped_head_tile=16, convert_warpgroups=0, page_size=page_size, q_len=1,
        max_splits=max_splits, ctas_per_sm=1, max_kv_stages=0, with_reduction=True, pdl=False, l2_prefetch=0,
        kv_evict_first=True, kv_format="fp8", causal=True)
    gmem = cute.AddressSpace.gmem
    e4m3, bf16, f32, i32 = cutlass.Float8E4M3FN, cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    ptr = lambda dtype: make_ptr(dtype, 0, gmem, assumed_align=16)  # noqa: E731
    row = heads_k * n_q * head_dim
    strides = (row, row,  # q_seq, o_seq
               page_size * heads_k * head_dim, heads_k * head_dim, head_dim,  # k page, row, head (NHD)
               page_size * heads_k * head_dim, heads_k * head_dim, head_dim,  # v
               0, 0, 0, 0, 0, 0,  # per-tensor q / k / v descales
               0, 0, 0, 0, 0, 0)  # nvfp4 scales: unused
    return cute.compile(kernel, (seqs, heads_k, n_q, head_dim), max_blocks, pages, num_work, strides,
                        ptr(e4m3), ptr(e4m3), ptr(e4m3), ptr(e4m3), ptr(e4m3), ptr(i32), ptr(i32), ptr(i32),
                        ptr(i32), ptr(f32), ptr(f32), ptr(f32), ptr(bf16), ptr(f32), ptr(f32), ptr(f32), ptr(f32),
                        head_dim ** -0.5, 1.0, make_fake_stream(), options="--opt-level 2")
