"""kernel-fun's KDA (Kimi delta attention) chunked backward, intra-chunk stage (kernel_fun/kda/_kernels/bwd_intra.py,
`KdaIntraBwdKernel.kda_cute_intra`), sm_100a: one CTA of 512 threads per (64-token chunk, value head, batch); q, k,
g, dAqk, dAkk and beta staged in SMEM by hand, the cross-subchunk sums moved to twelve small tf32 tcgen05 MMAs
(A = prescaled k / q / beta k in canonical SMEM operand buffers, B = dA blocks copied into k-major SMEM operands,
accumulators in TMEM) that warp 0 issues, then four warp groups read the accumulators out of TMEM (t2r) into SMEM
staging overlays, and a SIMT loop over the four 16-token diagonal blocks produces dq, dk, dg (folded into a
reverse cumsum) and db.

Configured as kernel-fun's backward chain calls it (`kda.chain`'s backward -> `chunk_kda_bwd_intra_cutedsl` ->
`kda_cute_intra_call`): bf16 q / k / beta, fold_dg True, emit_bf16 True (HV == H, Kimi Linear's equal q/k and value
heads), head dim 128, 64-token chunks; every operand viewed as `cute_view` permutes the torch tensors ([B, T, H, K]
as (T, K, H, B), [B, T, HV] as (T, HV, B), [B, T, HV, 64] as (T, 64, HV, B)) with the token, head and batch modes
dynamic, and compiled with the call's `--maxrregcount=128`.
"""

from _common import dynamic, kernel_fun, stream, tensor

ARCH = "sm_100a"


def compile_only(key_dim=128):
    import cutlass

    module = kernel_fun("kda._kernels.bwd_intra")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    tokens, heads, batch = dynamic(64), dynamic(), dynamic()

    def tokens_major(width, dtype):  # [B, T, HV, width] viewed (T, width, HV, B)
        return tensor(dtype, (tokens, width, heads, batch), (2, 0, 1, 3))

    def per_token(dtype):  # [B, T, HV] viewed (T, HV, B)
        return tensor(dtype, (tokens, heads, batch), (1, 0, 2))

    q, k = tokens_major(key_dim, bf16), tokens_major(key_dim, bf16)
    g, daqk, dakk = tokens_major(key_dim, f32), tokens_major(64, f32), tokens_major(64, f32)
    dq, dk, dg = (tokens_major(key_dim, f32) for _ in range(3))
    dq2, dk2, dg2 = tokens_major(key_dim, bf16), tokens_major(key_dim, bf16), tokens_major(key_dim, f32)
    kernel = module.KdaIntraBwdKernel(bf16, fold_dg=True, emit_bf16=True)
    return cutlass.cute.compile(kernel, q, k, g, per_token(bf16), daqk, dakk, dq, dk, dg, dq2, dk2, dg2,
                                per_token(f32), cutlass.Int32(1), stream(),
                                options=f"--ptxas-options --maxrregcount={module._MAXREG}")
