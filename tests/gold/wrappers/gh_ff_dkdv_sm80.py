"""xlite-dev/ffpa-attn's SM80 dK / dV backward for large head dims (src/ffpa_attn/cute/_dkdv_generic_sm80.py,
`FFPAAttnBwdDKDVSm80SplitDGeneric`), sm_80: the dQ kernel's sibling (gh_ff_dq_sm80) by the same author: one CTA per
64-key block streams the query tiles, rebuilds S and dP across the 64-wide head-dim chunks (Split-D) and accumulates
dV = P^T dO and dK = dS^T Q per chunk with warp MMAs; cp.async loads and ldmatrix operand copies.

Configured as the package's dense SM80 backward compiles it (`_ffpa_bwd_sm80._ffpa_attn_backward_sm80_dense`): bf16,
head dim 512, tiles 64 x 64, one Q stage and two dO stages (SM80_BWD_DKDV_NUM_STAGES_*), 128 threads, the default
64-wide d chunk, dK / dV stored in bf16 (`dkdv_storage_dtype` of a bf16 dk), no GQA, not causal; q, k, v, dout, dk, dv
(2, 4096, 8, 512) and lse_log2, dpsum (2, 8, 4096) fp32 through `to_cute_tensor` (static layouts).
"""

from _common import github_source

SOURCE = ("xlite-dev/ffpa-attn", "92e1d3b52e5a952b4a9d32e0c3cf25c1fbed6dad")
ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    mod = github_source(SOURCE[0], "src", "ffpa_attn.cute._dkdv_generic_sm80")
    bf16 = cutlass.BFloat16
    q, k, v, do, dk, dv = (row_major(bf16, (2, 4096, 8, 512)) for _ in range(6))
    lse_log2, dpsum = (row_major(cutlass.Float32, (2, 8, 4096), align=4) for _ in range(2))
    kernel = mod.FFPAAttnBwdDKDVSm80SplitDGeneric(
        bf16, 512, head_dim_v=512, qhead_per_kvhead=1, is_causal=False, tile_m=64, tile_n=64,
        num_stages_Q=1, num_stages_dO=2, num_threads=128, d_chunk=64, dkdv_storage_dtype=bf16)
    return cute.compile(kernel, q, k, v, do, lse_log2, dpsum, dk, dv, cutlass.Float32(512 ** -0.5), stream())
