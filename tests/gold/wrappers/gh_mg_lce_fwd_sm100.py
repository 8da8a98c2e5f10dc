"""Megatron-LM's fused lm-head + cross-entropy forward for Blackwell (NVIDIA/Megatron-LM at pull/3345/head,
megatron/core/fusions/linear_cross_entropy/blackwell/fwd_mainloop.py, `FwdMainLoop`): logits = hidden @ weight^T on
tcgen05 (one CTA per (128-token tile, 3072-column vocabulary split); a TMA warp loads hidden and weight tiles, an MMA
warp accumulates 128 x 256 logit tiles into two TMEM stages), and its epilogue warps never write the logits: each
thread owns one token row, reads its logits back from TMEM (t2r) in 64-column pieces and folds them into an online
max / sum-of-exp and the label's logit, then writes one (max, sum) per (token, split) and the label logit per token.

Configured as `entry.forward` compiles it (`fwd_mainloop.FwdMainLoop(vocab_per_split=3072)`, the
LCE_FWD_VOCAB_SPLIT_SIZE default; the reduction does not change this kernel): hidden (tokens, 4096) bf16 with a
dynamic token count (`mark_compact_shape_dynamic(mode=0)`), weight (128256, 4096) bf16 static (a Llama-3 vocabulary),
int64 labels, fp32 per-token logprobs and (tokens, 42) fp32 partial max / sum, 1-CTA MMA (the class default), a CUDA
stream.
"""

from _common import github_source

ARCH = "sm_100a"
SOURCE = ("NVIDIA/Megatron-LM", "c55fa113f16d72042c6d8f946815970818bc3552")


def compile_only(dim=4096, vocab=128256, vocab_per_split=3072):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    module = github_source(SOURCE[0], "", "megatron.core.fusions.linear_cross_entropy.blackwell.fwd_mainloop")
    splits = (vocab + vocab_per_split - 1) // vocab_per_split
    rows = lambda dtype, cols, align: make_fake_compact_tensor(  # noqa: E731
        dtype, (cute.sym_int(), cols), stride_order=(1, 0), assumed_align=align)
    vector = lambda dtype, align: make_fake_compact_tensor(dtype, (cute.sym_int(),), assumed_align=align)  # noqa: E731
    weight = make_fake_compact_tensor(cutlass.BFloat16, (vocab, dim), stride_order=(1, 0), assumed_align=16)
    kernel = module.FwdMainLoop(vocab_per_split=vocab_per_split)
    return cute.compile(kernel, rows(cutlass.BFloat16, dim, 16), weight, vector(cutlass.Int64, 8),
                        vector(cutlass.Float32, 16), rows(cutlass.Float32, splits, 8), rows(cutlass.Float32, splits, 8),
                        cutlass.Int64(-100), cutlass.Int32(0), make_fake_stream())
