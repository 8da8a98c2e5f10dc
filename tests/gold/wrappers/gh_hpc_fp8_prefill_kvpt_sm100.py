"""hpc-ops' FP8 paged-prefill attention for SM100, the "L2" variant (Tencent/hpc-ops,
dsl/attention/fp8_prefill_packed_q_pertoken_kv_pertensor.py, `Fp8PagedPrefillKvPertensorCuteDSL`): the authors' fork
of the L3 kernel (`gh_hpc_fp8_prefill_sm100`) with K and V scaled per tensor: no K-scale ring and no K-scale loads
(a kernel argument `k_scalar` multiplies S with Q's per-token-per-head scale), the cache without scale tail rows;
Q's scales still staged in SMEM by the softmax warpgroups, V's per-head scale in the correction epilogue.

Configured as `attention_prefill_fp8_cutedsl_q_pertoken_kv_pertensor` calls it with its default
`Fp8PagedPrefillKvPertensorConfig` (head dim 128, 64-token pages, 128 x 128 tiles, persistent, 512 threads): q / kcache /
vcache E4M3, fp32 qscale [B, Hq, max_q] and vscale [Hkv], int32 cu_seqlens / block table / KV lengths, bf16 output,
the fixed p_scale_log2 [Hq]; tensors as `_as_cute_tensor` presents them (`mark_layout_dynamic`), compiled as
`__call__` compiles `launch_fmha_paged` (TVM-FFI); the helpers' SM count (a driver query) stands in as a B200's.
"""

from _common import dynamic_layout
from _hpc_ops import SOURCE, prefill_module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import Float32, Int32, cute

    module = prefill_module("fp8_prefill_packed_q_pertoken_kv_pertensor")
    e4m3, f32, i32 = cutlass.Float8E4M3FN, cutlass.Float32, cutlass.Int32
    op = module.Fp8PagedPrefillKvPertensorCuteDSL(module.Fp8PagedPrefillKvPertensorConfig())
    q, kcache, vcache = (dynamic_layout(e4m3, rank) for rank in (3, 4, 4))
    qscale, vscale = dynamic_layout(f32, 3, align=4), dynamic_layout(f32, 1, align=4)
    cu_seqlens_q, block_ids = dynamic_layout(i32, 1, align=4), dynamic_layout(i32, 2, align=4)
    seqlens_kv, p_scale_log2 = dynamic_layout(i32, 1, align=4), dynamic_layout(f32, 1, align=4)
    output = dynamic_layout(cutlass.BFloat16, 3)
    stream = cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=False)
    return cute.compile(op.launch_fmha_paged, q, kcache, vcache, qscale, vscale, cu_seqlens_q, block_ids, seqlens_kv,
                        output, p_scale_log2, Float32(1.0), Int32(2), Int32(256), Int32(32), Int32(8), stream,
                        options="--enable-tvm-ffi")
