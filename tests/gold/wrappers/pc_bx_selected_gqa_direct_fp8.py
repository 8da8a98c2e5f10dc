"""b12x's selected-position paged GQA forward (flashinfer/experimental/b12x/attention/paged/_selected_forward.py,
`_SelectedPositionPagedForwardKernel`), a second build, sm_120a: the direct-output entry over an FP8 K/V cache. The
kernel of `pc_bx_selected_gqa_split` (one CTA per (query token, KV head, split), mma.sync S = Q K^T and O += P V over
head dim 256, an online softmax, P through SMEM), here with 32 grouped heads per KV head (two QK warps along the MMA
rows: tile_m 32, 8 PV warps, 256 threads), 64 selected positions per tile (kv_warps 4), the K/V rows gathered as FP8 by
`ld.global.nc` and converted to BF16 into SMEM by hand (`_load_fp8_vector_to_bf16_shared`), the descales folded into
the softmax scale and the output scale, and the BF16 output written directly (one split).
Compiled as `launch_selected_paged_gqa_direct` calls `_compile` (direct_output True, return_lse False: no output LSE
given; the caller's kv_warps, 4 here; selection width 2051): E4M3 K/V caches, 64 query heads over 2 KV heads, page size
64, K and V per-layer views of one interleaved allocation (each (pages, 64, 2, 256) with a page stride of both halves,
so equal strides: `shared_cache_strides`), Int64 request ids; pointers as `_fake_pointer` makes them.
"""

from _common import b12x, stream

ARCH = "sm_120a"


def compile_only(q_heads=64, kv_heads=2, page_size=64):
    import cutlass
    from cutlass import cute

    module = b12x("attention.paged._selected_forward")
    head_dim = 256
    strides = (2 * page_size * kv_heads * head_dim, kv_heads * head_dim, head_dim)
    kernel = module._SelectedPositionPagedForwardKernel(q_heads=q_heads, kv_heads=kv_heads, kv_is_fp8=True,
                                                        direct_output=True, return_lse=False, kv_warps=4,
                                                        page_size=page_size, key_strides=strides,
                                                        value_strides=strides)
    ptr = module._fake_pointer
    return cute.compile(kernel, ptr(cutlass.BFloat16), ptr(cutlass.Float8E4M3FN), ptr(cutlass.Float8E4M3FN),
                        ptr(cutlass.Float32), ptr(cutlass.Float32), ptr(cutlass.Int32), ptr(cutlass.Int64),
                        ptr(cutlass.Int32), ptr(cutlass.Int64), ptr(cutlass.Float32), ptr(cutlass.Float32),
                        ptr(cutlass.BFloat16), cutlass.Int64(1), cutlass.Int64(1), cutlass.Int64(1),
                        cutlass.Float32(1.0), cutlass.Int32(1), cutlass.Int32(1), stream())
