"""turbo-attn's native prefill attention over TurboQuant-compressed K/V (tkv/kernels/cuda/prefill/turbo_attn_cute.py,
`TurboAttnCute`), sm_120a: a FlashAttention-style forward (mma.sync m16n8k16 on ldmatrix fragments, online softmax in
registers) whose K and V tiles are not copied but decoded into SMEM by the load hook (`_TkvLoadMixin` ->
`tkv.kernels.loaders.tkv.tkv_fill`): each thread reads a key row's packed 4-bit codes (int32 words) and its norm, looks
the codes up in the centroid table and writes bf16 values. Built on a vendored flash-attn-4 Ampere forward
(`tkv.kernels.cute`: `AttentionMask`, `BlockInfo`, `Softmax`, `ampere_helpers`).
Compiled as `turbo_prefill_dispatch._get_compiled_kernel_tkv` compiles it for `turbo_prefill(q, loader=TkvLoader)` at
head dim 64 (the int8 kernel takes 128 / 256 first; 64 always comes here): the "d64" shape class's tile 64 x 64, one
stage, 128 threads (no warp-specialisation: D = 64 is not in `_WS_TILES`; no packed-K, register prefetch or dual O:
those need D = 128 or >= 512), `pipeline_v` on (the flag registry's default), causal, GQA 16 query / 4 KV heads
(pack_gqa), batched (not varlen, not paged), K and V at 4 bits (TQ4, scalar codebook of 16 centroids), no LSE, LPT
scheduling (auto: causal), element size 1, bf16, `--enable-tvm-ffi`. The samples are fake tensors of the host's
shapes (q / o (B, S_q, H_q, 64), the K / V layout descriptors (B, S_kv, H_kv, 64), packed codes (B, S_kv, H_kv, 8)
int32, norms (B, S_kv, H_kv) bf16, centroids (16,) fp32), every mode dynamic but the contiguous one, as
`to_cute_tensor`'s `mark_layout_dynamic` makes them. The package supports sm_8x and sm_12x only (`arch_support`).
"""

from _common import turbo_attn

ARCH = "sm_120a"
HQ, HKV, D, BITS = 16, 4, 64, 4


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_fake_tensor

    module = turbo_attn("kernels.cuda.prefill.turbo_attn_cute")

    def dynamic(dtype, rank, align):
        shape = tuple(cute.sym_int() for _ in range(rank))
        stride = tuple(cute.sym_int64() for _ in range(rank - 1)) + (1,)
        return make_fake_tensor(dtype, shape, stride=stride, assumed_align=align)

    bf16 = cutlass.BFloat16
    q, k_dummy, v_dummy, o = (dynamic(bf16, 4, 16) for _ in range(4))
    loader = (dynamic(cutlass.Int32, 4, 16), dynamic(bf16, 3, 2), dynamic(cutlass.Float32, 1, 4),
              dynamic(cutlass.Int32, 4, 16), dynamic(bf16, 3, 2), dynamic(cutlass.Float32, 1, 4))
    kernel = module.TurboAttnCute(bf16, D, D, HQ // HKV, is_causal=True, is_local=False, pack_gqa=True, tile_m=64,
                                  tile_n=64, q_subtile_factor=None, num_stages=1, num_threads=128, softcap=0.0,
                                  alibi=False, mask_mod=None, tree_mask=False, bit_width=BITS, k_bit_width=BITS,
                                  v_bit_width=BITS, is_paged=False, paged_block_size=0, lpt=True, element_size=1,
                                  vq_mode_k=False, vq_mode_v=False, pipeline_v=True, packed_smem_k=False,
                                  warp_spec=False, reg_prefetch=False, dual_o=False, num_splits=1)
    return cute.compile(kernel, q, k_dummy, v_dummy, o, None, D ** -0.5, None, None, None, None, None, None, None,
                        None, None, None, None, loader, None, None, make_fake_stream(use_tvm_ffi_env_stream=True),
                        options="--enable-tvm-ffi")
