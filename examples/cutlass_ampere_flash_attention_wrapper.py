"""Compile-only wrapper: trace CUTLASS's own Ampere FlashAttention-2 forward example, unmodified, with no GPU.

    cute-inspect check examples/cutlass_ampere_flash_attention_wrapper.py:compile_only --arch sm_80
"""

import _cutlass_examples


def compile_only(batch=4, seqlen=1024, heads=8, head_dim=128, causal=False):
    """fp16 Q, K, V, O of shape (batch, seqlen, heads, head_dim), head_dim contiguous, as the example's run()."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    example = _cutlass_examples.load("cute/ampere/kernel/attention/flash_attention_v2.py")
    q, k, v, o = (make_fake_compact_tensor(cutlass.Float16, (batch, seqlen, heads, head_dim),
                                           stride_order=(3, 2, 1, 0), assumed_align=16) for _ in range(4))
    fa2 = example.FlashAttentionForwardAmpere(head_dim, 128, 128, 128, causal)
    return cutlass.cute.compile(fa2, q, k, v, o, cutlass.Float32(0.125), make_fake_stream())
