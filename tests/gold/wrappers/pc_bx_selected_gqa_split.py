"""b12x's selected-position paged GQA forward (flashinfer/experimental/b12x/attention/paged/_selected_forward.py,
`_SelectedPositionPagedForwardKernel`), sm_120a: QSA's sparse attention over caller-selected K/V positions. One CTA per
(query row, KV head, split): the row's grouped query heads are the MMA rows (one query token per CTA), the split walks
tiles of `tile_n` selected positions (a per-column gather through the block table into SMEM by cp.async), mma.sync
S = Q K^T (M = heads, N = selected keys, K = head dim 256), an online softmax in registers, P staged to SMEM as BF16,
then mma.sync O += P V (N = head dim, K = keys), the split's FP32 partial output and LSE written by scalar stores.
Compiled as `launch_sparse_gqa_split` / `precompile_sparse_gqa_split` compile it (`_compile`): direct_output False,
return_lse True, kv_warps 2 (tile_n 32), the QSA selection width 2051; BF16 K/V (not the FP8 cache), 32 query heads
over 2 KV heads (16 per KV head: one QK warp, tile_m 16, 4 PV warps, 128 threads), page size 64, K and V each a
contiguous (pages, 64, 2, 256) cache (equal strides, so `shared_cache_strides`), Int32 request ids; every operand a
pointer made as `_fake_pointer` makes it, scalars as `_compile` passes them.
"""

from _common import b12x, stream

ARCH = "sm_120a"


def compile_only(q_heads=32, kv_heads=2, page_size=64):
    import cutlass
    from cutlass import cute

    module = b12x("attention.paged._selected_forward")
    head_dim = 256
    strides = (page_size * kv_heads * head_dim, kv_heads * head_dim, head_dim)
    kernel = module._SelectedPositionPagedForwardKernel(q_heads=q_heads, kv_heads=kv_heads, kv_is_fp8=False,
                                                        direct_output=False, return_lse=True, kv_warps=2,
                                                        page_size=page_size, key_strides=strides,
                                                        value_strides=strides)
    ptr = module._fake_pointer
    return cute.compile(kernel, ptr(cutlass.BFloat16), ptr(cutlass.BFloat16), ptr(cutlass.BFloat16),
                        ptr(cutlass.Float32), ptr(cutlass.Float32), ptr(cutlass.Int32), ptr(cutlass.Int32),
                        ptr(cutlass.Int32), ptr(cutlass.Int64), ptr(cutlass.Float32), ptr(cutlass.Float32),
                        ptr(cutlass.BFloat16), cutlass.Int64(1), cutlass.Int64(1), cutlass.Int64(1),
                        cutlass.Float32(1.0), cutlass.Int32(1), cutlass.Int32(1), stream())
