"""Megatron-LM's fused lm-head + cross-entropy forward for Hopper (NVIDIA/Megatron-LM at pull/3345/head, by a community
contributor; megatron/core/fusions/linear_cross_entropy/hopper/fwd_mainloop.py, `FwdMainLoop`, its online softmax in
hopper/utils.py, `OnlineCrossEntropy`): logits = hidden @ weight^T with wgmma (two consumer warpgroups over a 128-token
x 256-column tile, a 2 x 1 cluster multicasting the weight tile, TMA loads issued by warp 0 in the same loop), the
accumulator never leaves registers: after each 256-column tile the threads fold its rows into an online max / sum-exp
(reduced over the 4 threads of a row by shuffles) and write the label's logit straight from the accumulator; after the
3072-column split, one (max, sum) per (token, split).

Configured as the Hopper `entry.forward` compiles it (`FwdMainLoop(vocab_per_split=3072)`, the LCE_FWD_VOCAB_SPLIT_SIZE
default, TMA multicast on by default): hidden (tokens, 4096) bf16 and weight (vocab, 4096) bf16, both with a dynamic
first mode (`mark_compact_shape_dynamic(mode=0)`), int64 labels, fp32 per-token logprobs, (tokens, 42) fp32 partial
max / sum (a Llama-3 vocabulary of 128256 over 3072-column splits), a CUDA stream. hopper/utils.py's `fmax` passes
nvvm.fmax the result type first, an argument CuTeDSL 4.8 dropped: the wrapper rebinds that module's `fmax` to
`cute.arch.fmax` (the same fp32 max of scalars; it makes no tensor, so no record changes).
"""

from _megatron_lce import SOURCE, compile_fwd_mainloop, kernel_module, rows  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(dim=4096, vocab=128256, vocab_per_split=3072):
    import cutlass
    from cutlass import cute

    helpers = kernel_module("hopper", "utils")
    helpers.fmax = lambda a, b, c=None: cute.arch.fmax(a, b) if c is None else cute.arch.fmax(cute.arch.fmax(a, b), c)
    module = kernel_module("hopper", "fwd_mainloop")
    return compile_fwd_mainloop(module, rows(cutlass.BFloat16, dim, 16), dim, vocab, vocab_per_split)
