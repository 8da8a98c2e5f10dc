"""attn-gym's KDA (Kimi Delta Attention) forward intra-chunk engine, SM100 (attn_gym/linear/kda/fwd/cute/
chunk_kda_fwd_intra_engine.py, `KdaIntraFwdEngine`): persistent over (64-token chunk, head) work units; a load warp
brings q, k and the per-channel decay g of a chunk by TMA, CUDA warps rebase them per 16-token strip (q * exp(g - g_ref),
k * exp(g_ref - g)) into bf16 SMEM operands, one MMA warp accumulates the strip products in TMEM by tcgen05, and the
epilogue writes Aqk (64 x 64 per chunk), the six off-diagonal 16 x 16 Akk blocks and the raw diagonal blocks.

Configured as `kda_intra_engine_fwd` compiles it (`_compile_intra_engine_fwd(H, head_dim, varlen, int64 offsets)`, the
package's own builder, called here unwrapped from its disk cache so the compile runs): dense (no cu_seqlens), 32-bit
offsets, head dim 128 (the only one it takes), 32 heads (Kimi Linear's KDA layers); the package's fake tensors: token
count dynamic, q / k with dynamic 16-byte-divisible strides, g, beta, Aqk, Akk blocks and diagonal blocks compact. The
launch grid asks attn-gym's compile target for the SM count: the package's `set_compile_target` is given a B200's
(sm_100a, 148 SMs).
"""

from _common import attn_gym

ARCH = "sm_100a"


def compile_only(heads=32, head_dim=128):
    target = attn_gym("_backends.cute.target")
    target.set_compile_target(target.CompileTarget("cuda", "sm_100a", (10, 0), "NVIDIA B200", 148))
    module = attn_gym("linear.kda.fwd.cute.chunk_kda_fwd_intra_engine")
    return module._compile_intra_engine_fwd.__wrapped__(heads, head_dim, False, False)
