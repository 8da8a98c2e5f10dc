"""hpc-ops' FP8 paged-prefill attention for SM100 (Tencent/hpc-ops, dsl/attention/fp8_prefill_packed_qk_pertoken_v_perhead.py,
`Fp8PagedPrefillCuteDSL`, the "L3" variant): persistent, warp-specialised tcgen05 attention over a paged FP8 KV cache.
Q (varlen, packed by cu_seqlens) and the K / V pages are TMA-loaded per 64-token page into a K/V ring; S = Q K^T and
O = P V by tcgen05 into TMEM; the softmax warpgroups read S (t2r), scale it by Q's per-token-per-head scale (a warpgroup
stages a tile of it in SMEM) and K's per-token-per-head scale (the FP32 words kept in the cache's FP8 tail rows, loaded
by a producer into a 7-slot SMEM ring), quantise P to E4M3 and write it back to TMEM (r2t) for P V; a correction
warpgroup rescales O and writes the bf16 output per head (V's per-head scale), the scheduler and masks from the
vendored CUTLASS FMHA helpers.

Configured as `attention_prefill_fp8_cutedsl` calls it with its default `Fp8PagedPrefillConfig` (head dim 128, 64-token
pages, 128 x 128 tiles, persistent, 512 threads): q / kcache / vcache E4M3, the packed K-scale tail as a float32 view,
fp32 qscale [B, Hq, max_q] and vscale [Hkv], int32 cu_seqlens / block table / KV lengths, bf16 output, the fixed
p_scale_log2 [Hq]. Every tensor presented as `_as_cute_tensor` does (`from_dlpack(...).mark_layout_dynamic`, the
innermost mode contiguous), compiled as `__call__` compiles `launch_fmha_paged` (TVM-FFI); the helpers' SM count (a
driver query) stands in as a B200's.
"""

from _common import dynamic_layout
from _hpc_ops import SOURCE, prefill_module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_100a"
MODULE = "fp8_prefill_packed_qk_pertoken_v_perhead"


def compile_only(module_name=MODULE):
    import cutlass
    from cutlass import Int32, cute

    module = prefill_module(module_name)
    e4m3, f32, i32 = cutlass.Float8E4M3FN, cutlass.Float32, cutlass.Int32
    op = module.Fp8PagedPrefillCuteDSL(module.Fp8PagedPrefillConfig())
    q, kcache, vcache = (dynamic_layout(e4m3, rank) for rank in (3, 4, 4))
    qscale, kscale_words = dynamic_layout(f32, 3, align=4), dynamic_layout(f32, 4, align=4)
    vscale, cu_seqlens_q = dynamic_layout(f32, 1, align=4), dynamic_layout(i32, 1, align=4)
    block_ids, seqlens_kv = dynamic_layout(i32, 2, align=4), dynamic_layout(i32, 1, align=4)
    output, p_scale_log2 = dynamic_layout(cutlass.BFloat16, 3), dynamic_layout(f32, 1, align=4)
    stream = cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=False)
    return cute.compile(op.launch_fmha_paged, q, kcache, vcache, qscale, kscale_words, vscale, cu_seqlens_q,
                        block_ids, seqlens_kv, output, p_scale_log2, Int32(2), Int32(256), Int32(32), Int32(8),
                        Int32(1), Int32(1), Int32(1), stream, options="--enable-tvm-ffi")
