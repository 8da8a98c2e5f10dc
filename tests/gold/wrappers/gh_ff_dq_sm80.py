"""xlite-dev/ffpa-attn's SM80 dQ backward for large head dims (src/ffpa_attn/cute/_dq_generic_sm80.py,
`FFPAAttnBwdDQSm80SplitDGeneric`), sm_80: one CTA per (64-query block, head, batch) streams every 64-key tile,
rebuilds S = Q K^T and dP = dO V^T once across all 64-wide head-dim chunks (Split-D), then walks the chunks to
accumulate dQ = dS K with warp MMAs; cp.async loads and ldmatrix operand copies as ampere_helpers lay them out.

Configured as the package's dense SM80 backward compiles it (`_ffpa_bwd_sm80._ffpa_attn_backward_sm80_dense`): bf16,
head dim 512 (FFPA's large-D range), tiles 64 x 64, one Q and one dO stage, 128 threads, the default 64-wide d chunk
(`_pick_split_d_chunk` keeps it on SM80's SMEM), no GQA, not causal; q, k, v, dout, dq (2, 4096, 8, 512) and lse_log2,
dpsum (2, 8, 4096) fp32 through `to_cute_tensor` (`from_dlpack`, static layouts; the fp32 rows assumed_align 4).
"""

from _common import github_source

SOURCE = ("xlite-dev/ffpa-attn", "92e1d3b52e5a952b4a9d32e0c3cf25c1fbed6dad")
ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    dq_mod = github_source(SOURCE[0], "src", "ffpa_attn.cute._dq_generic_sm80")
    bf16 = cutlass.BFloat16
    q, k, v, do, dq = (row_major(bf16, (2, 4096, 8, 512)) for _ in range(5))
    lse_log2, dpsum = (row_major(cutlass.Float32, (2, 8, 4096), align=4) for _ in range(2))
    kernel = dq_mod.FFPAAttnBwdDQSm80SplitDGeneric(
        bf16, 512, head_dim_v=512, qhead_per_kvhead=1, is_causal=False, tile_m=64, tile_n=64,
        num_stages_Q=1, num_stages_dO=1, num_threads=128, d_chunk=64)
    return cute.compile(kernel, q, k, v, do, lse_log2, dpsum, dq, cutlass.Float32(512 ** -0.5), stream())
