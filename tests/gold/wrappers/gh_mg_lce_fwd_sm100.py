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

from _megatron_lce import SOURCE, compile_fwd_mainloop, kernel_module, weight  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_100a"


def compile_only(dim=4096, vocab=128256, vocab_per_split=3072):
    module = kernel_module("blackwell", "fwd_mainloop")
    return compile_fwd_mainloop(module, weight(vocab, dim), dim, vocab, vocab_per_split)
