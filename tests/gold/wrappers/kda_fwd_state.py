"""kernel-fun's KDA (Kimi delta attention) chunked forward, fused fwd_h + fwd_o
(kernel_fun/kda/_kernels/fwd_state.py, KdaFwdStateKernel), sm_100a.

As `kda_cute_fwd_call` compiles it: bf16 qg, kg, w (head key dim K = 128), u and o (value dim V = 256, static),
Aqk in 64-token chunks, fp32 per-chunk decay vectors gd and states h0/ht, each viewed the way the call's
`cute_view` permutes the torch tensors ([B, T, HV, K] as (T, K, HV, B), kg as (K, T, HV, B), gd as (K, NT, HV, B),
h as (K, V, HV, B)) with the batch, head and token modes dynamic. One CTA per (batch, head, 64-wide V tile)
walks the chunks: tcgen05 MMAs w@h, qg@h, Aqk@v', v'^T@kg into TMEM, SIMT recurrence of the state h, TMA loads
and a TMA-store epilogue for o.
"""

from _common import dynamic, kernel_fun, stream, tensor

ARCH = "sm_100a"


def compile_only(key_dim=128, value_dim=256):
    import cutlass

    module = kernel_fun("kda._kernels.fwd_state")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    tokens, heads, batch, chunks = dynamic(64), dynamic(), dynamic(), dynamic()

    def tokens_major(width, dtype=bf16):  # [B, T, HV, width] viewed (T, width, HV, B)
        return tensor(dtype, (tokens, width, heads, batch), (2, 0, 1, 3))

    qg, w, u, aqk, o = (tokens_major(key_dim), tokens_major(key_dim), tokens_major(value_dim), tokens_major(64),
                        tokens_major(value_dim))
    kgt = tensor(bf16, (key_dim, tokens, heads, batch), (0, 2, 1, 3))
    gd = tensor(f32, (key_dim, chunks, heads, batch), (0, 1, 2, 3))
    h0, ht = (tensor(f32, (key_dim, value_dim, heads, batch), (1, 0, 2, 3)) for _ in range(2))
    kernel = module.KdaFwdStateKernel(bf16, key_dim, V_TILE=64)
    return cutlass.cute.compile(kernel, qg, w, kgt, u, aqk, gd, h0, o, ht, cutlass.Float32(key_dim ** -0.5),
                                stream())
