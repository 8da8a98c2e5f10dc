"""liger-kernel's CuTeDSL RoPE (rotate-half, HuggingFace Llama), the fused q + k TMA kernel
(liger_kernel/ops/cutedsl/ops/rope.py, `_rope_tma_qk_kernel`), sm_90a, compiled as `rope_forward` compiles it on a
Hopper or Blackwell GPU (`_tma_supported`: bf16, head_dim 128) through `_get_compiled_tma_qk` for Llama-3 8B:
32 query heads over 8 KV heads, head_dim 128, 4096 tokens, bf16, one (1, seq, head_dim) cos / sin table
(cos_bcast), forward (SEQ_INNER False). q and k are the flat (rows, head_dim) views `_tma_handle_build` makes
(dynamic layout, head_dim divisible by 16, 16-byte aligned); cos / sin are static (`_static_cos_handle`).
"""

from _common import liger_kernel

ARCH = "sm_90a"


def _rows(dtype):
    from cutlass import cute

    return cute.runtime.make_fake_tensor(dtype, (cute.sym_int(), cute.sym_int(divisibility=16)),
                                         (cute.sym_int(divisibility=16), 1), assumed_align=16)


def compile_only(n_q_head=32, n_kv_head=8, head_dim=128, seq_len=4096):
    import cutlass
    from _common import row_major, stream
    from cutlass import cute

    rope = liger_kernel("ops.cutedsl.ops.rope")
    hd_half = head_dim // 2
    vec = 128 // cutlass.BFloat16.width
    launch = rope._make_launch_tma_qk(n_q_head, n_kv_head, hd_half, vec, False, True, False, seq_len)
    cos, sin = (row_major(cutlass.BFloat16, (1, seq_len, head_dim)) for _ in range(2))
    return cute.compile(launch, _rows(cutlass.BFloat16), _rows(cutlass.BFloat16), cos, sin, cutlass.Int32(1),
                        cutlass.Int32(1), stream())
