"""attn-gym's reverse affine summary of a delta-rule shard for context parallelism, SM100
(attn_gym/linear/_delta_rule/cute/affine_summary_rev.py, `BlackwellDeltaAffineSummaryRev`): the local backward
recurrence's effect on the incoming state cotangent, dH_in = dH_out R + C, evaluated on persistent (K, 32) tiles of the
augmented FP32 state X = [0 | I] over the shard's 64-token chunks in reverse: per chunk dv = kg X + Aqk^T dO (two
tcgen05 MMAs into one TMEM accumulator), then X = decay X + scale qg^T dO - w^T dv (two more); X and dv are held in
FP32 by four state warps and fed back to the MMAs as hi / lo halves through SMEM; one TMA warp, one gate warp, one MMA
warp. The packed transpose [bias; transition] is written per (work item, head).

Configured as `build_state_grad_summaries` compiles it on SM100 (the package's own builder
`_compile_affine_summary_rev`, called unwrapped from its disk cache): bf16 factors, 32 heads (Kimi Linear's KDA), key
and value dim 128, whole ranges (one work item per range: a budget of 1, a short shard), fastmath off (the SM100
default: `fastmath=None` selects non-fast exponentials there), 32-bit offsets; tokens and ranges dynamic (the package's
fake tensors). `set_compile_target` is given a B200's (sm_100a, 148 SMs), which sizes the persistent grid.
"""

from _common import attn_gym

ARCH = "sm_100a"


def compile_only(heads=32):
    target = attn_gym("_backends.cute.target")
    target.set_compile_target(target.CompileTarget("cuda", "sm_100a", (10, 0), "NVIDIA B200", 148))
    module = attn_gym("linear._delta_rule.cute.affine_summary_rev")
    build = getattr(module._compile_affine_summary_rev, "__wrapped__", module._compile_affine_summary_rev)
    return build("bf16", heads, False, True, False)
