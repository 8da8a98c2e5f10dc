"""attn-gym's KDA forward K4b: the 64 x 64 block lower-triangular inverse of a chunk's Akk (attn_gym/linear/kda/fwd/cute/
chunk_kda_k4b_inverse_cutedsl.py, `ChunkKDAFwdK4bInverseCuteDSL`): one CTA per (64-token chunk, head), 4 warps; the six
16 x 16 off-diagonal blocks (from the intra engine / K3b) are loaded into registers, the four pre-inverted diagonal
blocks into SMEM, and the Schur-complement products (Ai10, Ai21, Ai32, then the second and third levels) are computed by
warp-level m16n8k16 MMAs (cute's `warp.MmaF16BF16Op` TiledMma) on register and SMEM-staged operands; the full inverse is
written as bf16 rows of Akk.

Configured as `chunk_kda_fwd_inter_solve_cute` compiles it after the intra engine (the package's own builder
`_compile_k4b`, called unwrapped from its disk cache): 32 heads (Kimi Linear's KDA), head dim 128, 64-token chunks of
four 16-token subchunks, bf16 output, the dense chunk schedule with static execution (one CTA per chunk and head),
32-bit offsets; tokens and chunks dynamic (the package's fake tensors). Its target check asks attn-gym's compile
target: a B200's (sm_100a, 148 SMs) is set, as for the rest of the KDA forward.
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
    build = getattr(module._compile_k4b, "__wrapped__", module._compile_k4b)
    return build(heads, 128, 64, 16, cutlass.BFloat16, "bf16", layout, execution)
