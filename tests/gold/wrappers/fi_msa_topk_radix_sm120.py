"""flashinfer's MSA top-K KV-block selection for SM120/SM121 (flashinfer/msa_ops/cute_dsl/topk_select_radix_sm12x.py,
`TopKSelectRadixSm12x`), sm_120a, no MMA: one CTA per (query token, query head) picks the 16 best KV blocks of that head's
proxy block scores max_score (heads, blocks, tokens), after the forced sink / local-window blocks, and writes their
block indices ascending into out (tokens, heads, 16). Every tensor is indexed by scalars (thread-strided loops over
the candidate blocks, one thread for the sort and the write).
Radix form (128 candidate blocks or more): three MSD radix-select stages over 10-bit digits of each candidate's
order-preserving key: a 1024-bin SMEM histogram filled by atomics, a two-level threshold scan over 32 groups of bins,
candidates below the threshold bin emitted at once, the threshold bin's candidates staged (key, block index) for the
next stage and ranked by count when they fit; block-uniform state (found, threshold, ...) in an SMEM scalar array.
Compiled by `_fi_msa_topk.compile_selector` (as flashinfer's `_get_compiled_kernel` compiles it).
"""

from _fi_msa_topk import compile_selector

ARCH = "sm_120a"


def compile_only():
    return compile_selector("topk_select_radix_sm12x", "TopKSelectRadixSm12x")
