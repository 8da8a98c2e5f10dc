"""Megatron-LM's fused lm-head + cross-entropy backward for Hopper, the partial d_logits kernel (NVIDIA/Megatron-LM at
pull/3345/head, by a community contributor; megatron/core/fusions/linear_cross_entropy/hopper/bwd_partial_dlogits.py,
`BwdPartialDlogits`): for one 3072-column vocabulary split at a time (the host loops over splits, `split_idx`), it
recomputes the logits hidden @ weight^T with wgmma (two warpgroups over a 128 x 256 tile, a 2 x 1 cluster, TMA loads
by warp 0), turns the register accumulator into d_logits = exp(logit - max) / sum * d_logprob - [column == label] *
d_logprob in place (reading the forward's per-token max, sum, label and d_logprob by coordinate), and stores it the
SM90 way: converted to bf16, stmatrix'd (r2s) into an SMEM epilogue buffer that aliases sA, TMA-stored per epilogue
tile into the split's (tokens, 3072) d_logits buffer.

Configured as the Hopper `entry.backward` compiles it for the model layer's default reduction "none" (per-token
d_logprobs): `BwdPartialDlogits(reduction=0, vocab_per_split=3072)` (LCE_BWD_VOCAB_SPLIT_SIZE default), hidden
(tokens, 4096) bf16 with a dynamic token count, weight (128256, 4096) bf16 static, int64 labels, fp32 per-token
d_logprobs, max and sum, the (tokens, 3072) bf16 d_logits buffer (32-byte aligned), the int64 valid-token count as a
pointer, a CUDA stream. The module imports hopper/utils.py, whose `fmax` this kernel does not call. Its epilogue's
`fence_proxy(cute.arch.ProxyKind.async_shared, space=cute.arch.SharedSpace.shared_cta)` names enums CuTeDSL 4.8 replaced
by the strings "async.shared" / "cta": the wrapper gives `cute.arch` the two names with those values (no tensor is
made).
"""

from _common import old_fence_enums
from _megatron_lce import SOURCE, compile_bwd_partial_dlogits, kernel_module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(dim=4096, vocab=128256, vocab_per_split=3072):
    old_fence_enums()
    return compile_bwd_partial_dlogits(kernel_module("hopper", "bwd_partial_dlogits"), dim, vocab, vocab_per_split)
