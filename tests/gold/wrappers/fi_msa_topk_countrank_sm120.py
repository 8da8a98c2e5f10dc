"""flashinfer's MSA top-K KV-block selection for SM120/SM121 (flashinfer/msa_ops/cute_dsl/topk_select_countrank_sm12x.py,
`TopKSelectCountRankSm12x`), sm_120a, no MMA: one CTA per (query token, query head) picks the 16 best KV blocks of that head's
proxy block scores max_score (heads, blocks, tokens), after the forced sink / local-window blocks, and writes their
block indices ascending into out (tokens, heads, 16). Every tensor is indexed by scalars (thread-strided loops over
the candidate blocks, one thread for the sort and the write).
Count-rank form (below 128 candidate blocks): the candidates' order-preserving radix keys are staged in SMEM and
each thread counts, for its blocks, how many candidates beat them; a block whose rank is under the target is
appended to the selection through an SMEM counter.
Compiled by `_fi_msa_topk.compile_selector` (as flashinfer's `_get_compiled_kernel` compiles it).
"""

from _fi_msa_topk import compile_selector

ARCH = "sm_120a"


def compile_only():
    return compile_selector("topk_select_countrank_sm12x", "TopKSelectCountRankSm12x")
