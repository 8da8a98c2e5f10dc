"""attn-gym's fused KDA chunk backward, WY / (I - Akk)^-1 part with dq, dk, dg, dbeta, SM100
(attn_gym/linear/kda/bwd/cute/chunk_kda_bwd_wy_dqkg_fused.py, `ChunkKdaBwdWyDqkgFused`, adapted by its authors from
cuLA's TMA / UMMA implementation): a persistent grid over (64-token chunk, value head); TMA loads of q, k, v, v_new,
the gate, A, the chunk states h and dh, dO and dv into swizzled SMEM, tcgen05 MMAs (descriptor-built and
`cute.gemm`) into TMEM, epilogue warps reading the accumulators back to compute dq, dk, dv2, dg, dbeta and dA.

Configured as `chunk_kda_bwd_wy_dqkg` compiles it through `run_tunable` (the package's own builder
`_compile_chunk_kda_bwd_wy_dqkg`, called unwrapped from its disk cache) with the tunable's default config: 32 heads
(Kimi Linear's KDA: q / k heads equal to value heads), head dim 128, 64-token chunks, bf16 io, scale 1/sqrt(128),
fastmath off, one wave of persistent CTAs, dense (not ragged), 32-bit offsets, a per-channel gate; the package's
fakes (tokens and chunks dynamic). `set_compile_target` is given a B200's (sm_100a, 148 SMs), which sizes the grid.
"""

from _common import attn_gym

ARCH = "sm_100a"


def compile_only(heads=32, head_dim=128):
    target = attn_gym("_backends.cute.target")
    target.set_compile_target(target.CompileTarget("cuda", "sm_100a", (10, 0), "NVIDIA B200", 148))
    module = attn_gym("linear.kda.bwd.cute.chunk_kda_bwd_wy_dqkg_fused")
    build = getattr(module._compile_chunk_kda_bwd_wy_dqkg, "__wrapped__", module._compile_chunk_kda_bwd_wy_dqkg)
    return build(heads, head_dim, 64, module.torch.bfloat16, head_dim ** -0.5, False, 1, False, False, heads, False)
