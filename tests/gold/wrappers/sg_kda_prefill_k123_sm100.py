"""sglang's vendored NVIDIA KDA (Kimi Delta Attention) chunked prefill, its fused K1+K2+K3 kernel for Blackwell
(sglang/kernels/ops/attention/linear/kda_nvidia_prefill/fuse_kernel123_persistent.py, `make_host_function`'s
`host_fn` launching `fused_kernel123`), sm_100a. TensorRT-LLM vendors the same kernel as
`tensorrt_llm/_torch/cute_dsl_kernels/blackwell/kimi_k3_kda/fused_k123.py` (same docstring, later akk-inverse
fusion); this wraps the installed copy.

One persistent 1024-thread CTA per SM loops over (4-chunk group, head) work units of 64-token chunks: a TMA warp
loads each chunk's q, k and raw gate g (64 x 128 bf16) into a 2-stage SMEM ring; 16 K1 warps activate the gate
(read from SMEM by index), take its cumulative sum over the chunk (per-warp partial sums through an SMEM (row group,
column) buffer and shuffles), leave the scaled cumsum in an fp32 SMEM ring, read k / q rows by a 32-bit universal
tiled copy and write the scaled k, q, k*exp(g_last - g) and the chunk's last-row gate exp to GMEM by 2-element
register vectors; 10 MMA warps each own one 16 x 16 sub-chunk tile of the lower triangle and, per 16-wide k-block,
ldmatrix q / k fragments (TiledMma m16n8k16 fragments), read the matching cumsum gates through a C-shaped tiled
copy, multiply and repack them and issue inline-PTX mma.sync for A_qk = (q g)(k g)^T and A_kk = (k g)(k g)^T,
writing them (scaled, beta-weighted) into SMEM staging; 4 store warps write A_qk and A_kk to GMEM with the causal
mask and unit diagonal.

As `chunk_fwd._launch_fused_k123_inv` compiles it on the serving (varlen) path: `_fused_make_host(B=1, NT, H,
is_varlen=True, T_padded=T, has_bias=False, use_safe_gate=False, varlen_pure=True)` (all sequences multiples of 64,
as its auto-detection finds), and `_ct` views (`from_dlpack(t, assumed_align=16)`, static layouts): 4 sequences of
2048 tokens (T = 8192, NT = 128 chunks), 32 heads, key dim 128 as the K4 wrapper `sg_kda_prefill_k4_sm100`; q, k,
g, k_scaled, kg, q_scaled (1, T, 32, 128) bf16, A_log (32,) fp32, beta (1, T, 32) bf16, gk_last_exp (1, NT, 32,
128) fp32, A_qk and A_kk (1, T, 32, 64) bf16, cu_seqlens (5,) and chunk_indices (NT, 2) int32, the empty (1, 1)
fp32 bias, scale 1/sqrt(128) and lower_bound 0.
"""

from _common import row_major, sglang, stream

ARCH = "sm_100a"


def compile_only(seqs=4, seqlen=2048, heads=32, dim=128, chunk=64):
    import cutlass
    from cutlass import cute

    module = sglang("kernels.ops.attention.linear.kda_nvidia_prefill.fuse_kernel123_persistent")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    tokens = seqs * seqlen
    chunks = tokens // chunk
    q, k, g = (row_major(bf16, (1, tokens, heads, dim)) for _ in range(3))
    a_log = row_major(f32, (heads,))
    beta = row_major(bf16, (1, tokens, heads))
    k_scaled, kg, q_scaled = (row_major(bf16, (1, tokens, heads, dim)) for _ in range(3))
    gk_last = row_major(f32, (1, chunks, heads, dim))
    a_qk, a_kk = (row_major(bf16, (1, tokens, heads, chunk)) for _ in range(2))
    cu_seqlens = row_major(i32, (seqs + 1,))
    chunk_indices = row_major(i32, (chunks, 2))
    bias = row_major(f32, (1, 1))
    host_fn = module.make_host_function(1, chunks, heads, is_varlen=True, T_padded=tokens, has_bias=False,
                                        use_safe_gate=False, varlen_pure=True)
    return cute.compile(host_fn, q, k, g, a_log, beta, dim ** -0.5, k_scaled, kg, q_scaled, gk_last, a_qk, a_kk,
                        cu_seqlens, chunk_indices, bias, 0.0, stream())
