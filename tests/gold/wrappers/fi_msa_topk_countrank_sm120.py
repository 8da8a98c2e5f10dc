"""flashinfer's MSA top-K KV-block selection for SM120/SM121 (flashinfer/msa_ops/cute_dsl/topk_select_countrank_sm12x.py,
`TopKSelectCountRankSm12x`), sm_120a, no MMA: one CTA per (query token, query head) picks the 16 best KV blocks of that head's
proxy block scores max_score (heads, blocks, tokens), after the forced sink / local-window blocks, and writes their
block indices ascending into out (tokens, heads, 16). Every tensor is indexed by scalars (thread-strided loops over
the candidate blocks, one thread for the sort and the write).
Count-rank form (below 128 candidate blocks): the candidates' order-preserving radix keys are staged in SMEM and
each thread counts, for its blocks, how many candidates beat them; a block whose rank is under the target is
appended to the selection through an SMEM counter.
Compiled as `_get_compiled_kernel` in flashinfer/msa_ops/sparse_topk_select.py compiles it (fake compact tensors of
sym-int extents, row-major), with per-token valid-page counts (`per_token_nvp`: mNumValidPages is read).
"""

from _common import flashinfer

ARCH = "sm_120a"


def compile_only():
    import cutlass
    from cutlass import cute

    module = flashinfer("msa_ops.cute_dsl.topk_select_countrank_sm12x")
    return cute.compile(module.TopKSelectCountRankSm12x(topk=16, per_token_nvp=True), *_fakes(),
                        cutlass.Int32(1), cutlass.Int32(0), cutlass.Int32(0), cutlass.Int32(1), cutlass.Int32(1),
                        cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True))


def _fakes():
    import cutlass
    from cutlass import cute

    def fake(dtype, ndim):
        return cute.runtime.make_fake_compact_tensor(dtype, tuple(cute.sym_int() for _ in range(ndim)),
                                                     stride_order=tuple(reversed(range(ndim))), assumed_align=4)

    return fake(cutlass.Float32, 3), fake(cutlass.Int32, 3), fake(cutlass.Int32, 1)
