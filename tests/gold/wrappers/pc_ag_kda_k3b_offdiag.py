"""attn-gym's KDA forward K3b: the gated off-diagonal products of a chunk (attn_gym/linear/kda/fwd/cute/
chunk_kda_k3b_offdiag_cutedsl.py, `ChunkKDAFwdK3bOffdiagCuteDSL`): one CTA per (64-token chunk, off-diagonal
subchunk pair, head), 4 warps; every thread gates one head-dim column of the pair's 16-token q / k rows into three
swizzled SMEM tiles (q and k of the row subchunk scaled by exp2(g - g_ref), k of the column subchunk by
exp2(g_ref - g)), then warp 0 computes Aqk = Qg Kn^T and warp 1 Akk = Kp Kn^T with warp-level m16n8k16 MMAs (cute's
`warp.MmaF16BF16Op` TiledMma, operands by ldmatrix), and the accumulators are written element by element through an
identity partition (Aqk scaled, Akk scaled by the row's beta).

Configured as `chunk_kda_fwd_inter_solve_cute` compiles it before K4b (the package's own builder `_compile_k3b`,
called unwrapped from its disk cache): 32 heads (Kimi Linear's KDA), head dim 128, 64-token chunks of four 16-token
subchunks, bf16 q / k / Aqk, the dense chunk schedule with static execution (one CTA per chunk, pair and head),
32-bit offsets, fastmath; tokens and chunks dynamic (the package's fake tensors). Its target check asks attn-gym's
compile target: a B200's (sm_100a, 148 SMs) is set, as for the rest of the KDA forward.
"""

from _common import attn_gym

ARCH = "sm_100a"


def compile_only(heads=32):
    import cutlass

    target = attn_gym("_backends.cute.target")
    target.set_compile_target(target.CompileTarget("cuda", "sm_100a", (10, 0), "NVIDIA B200", 148))
    module = attn_gym("linear.kda.fwd.cute.chunk_kda_fwd_inter_solve")
    layout = attn_gym("linear.kda.fwd.cute.chunk_schedule").ChunkSchedule.DENSE
    execution = attn_gym("linear._delta_rule.chunk_schedule").ScheduleKind.STATIC
    build = getattr(module._compile_k3b, "__wrapped__", module._compile_k3b)
    return build(heads, 128, 64, 16, cutlass.BFloat16, "bf16", layout, execution)
