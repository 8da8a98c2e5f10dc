"""flashinfer's Blackwell CuTe-DSL prefill attention (flashinfer/cute_dsl/attention/prefill.py,
BlackwellFusedMultiHeadAttentionForward: a warp-specialized kernel whose load / MMA / softmax / correction /
epilogue code lives in role classes, roles/*.py), sm_100a.

As its ragged-KV prefill wrapper compiles it (wrappers/batch_prefill.py, `_get_compiled_prefill_kernel`): 128 x 128
MMA tiles, head dim 64, 16 query heads over 4 KV heads (num_repeat_kv_heads 4, the KV heads broadcast by a stride-0
mode), varlen Q and K (cum_seqlen tensors, run-time token counts), causal (a right window bound, non-persistent
as the wrapper picks for a banded mask), with the LSE output; bf16 Q, K, V and output, fp32 LSE.
"""

from _common import dynamic, flashinfer, row_major, stream

ARCH = "sm_100a"


def compile_only(heads_q=16, heads_k=4, head_dim=64):
    import cutlass

    config_module = flashinfer("cute_dsl.attention.config", host_only=("utils",))
    mask = flashinfer("cute_dsl.attention.fusion.mask", host_only=("utils",))
    prefill = flashinfer("cute_dsl.attention.prefill", host_only=("utils",))
    prefill._get_current_arch = lambda: "sm_100"  # the host's device query: a B200
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    config = config_module.AttentionConfig(
        qk_acc_dtype=f32, pv_acc_dtype=f32, mma_tiler=(128, 128, head_dim), is_persistent=False,
        mask_spec=mask.MaskSpec(has_window_left=False, has_window_right=True),
        num_repeat_kv_heads=heads_q // heads_k)
    fmha = prefill.BlackwellFusedMultiHeadAttentionForward(config, config_module.AttentionFusion())
    s_q, s_k, batch_p1 = dynamic(), dynamic(), dynamic()
    q, o = (row_major(bf16, (s_q, heads_q, head_dim)) for _ in range(2))
    k, v = (row_major(bf16, (s_k, heads_k, head_dim)) for _ in range(2))
    cum_q, cum_k = (row_major(i32, (batch_p1,)) for _ in range(2))
    lse = row_major(f32, (s_q, heads_q))
    problem_size = (1, 1, 1, heads_q, heads_k, head_dim)
    return cutlass.cute.compile(fmha, q, k, v, o, problem_size, cum_q, 1, cum_k, 1, 0.0, 1.0, 0, 0, None, lse,
                                None, None, stream())
