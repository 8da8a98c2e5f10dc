"""Megatron-LM's fused lm-head + cross-entropy backward for Blackwell, the partial d_logits kernel (NVIDIA/Megatron-LM,
pull/3345/head, megatron/core/fusions/linear_cross_entropy/blackwell/bwd_partial_dlogits.py, `BwdPartialDlogits`): for
one 3072-column vocabulary split at a time (the host loops over splits, `split_idx`), it recomputes the logits
hidden @ weight^T on tcgen05 (one CTA per 128-token x 256-column tile, a TMA warp, an MMA warp, one TMEM accumulator),
and its epilogue warps (one token row per thread) read them back (t2r), form
d_logits = (exp(logit - max) / sum - [column == label]) * d_logprob from the forward's per-token max and sum, convert
to bf16 and store them with 256-bit universal copies into the split's (tokens, 3072) d_logits buffer, which the host
then multiplies into d_hidden and d_weight with torch matmuls.

Configured as `entry.backward` compiles it for the model layer's default reduction "none"
(`megatron/core/transformer/linear_cross_entropy.py`: per-token d_logprobs, so the kernel's unreduced branch that loads
them is the one compiled): `BwdPartialDlogits(reduction=0, vocab_per_split=3072)` (LCE_BWD_VOCAB_SPLIT_SIZE default),
hidden (tokens, 4096) bf16 with a dynamic token count, weight (128256, 4096) bf16 static, int64 labels, fp32 per-token
d_logprobs, max and sum, the (tokens, 3072) bf16 d_logits buffer (32-byte aligned), the int64 valid-token count as a
pointer, a CUDA stream.
"""

from _megatron_lce import SOURCE, compile_bwd_partial_dlogits, kernel_module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_100a"


def compile_only(dim=4096, vocab=128256, vocab_per_split=3072):
    return compile_bwd_partial_dlogits(kernel_module("blackwell", "bwd_partial_dlogits"), dim, vocab, vocab_per_split)
