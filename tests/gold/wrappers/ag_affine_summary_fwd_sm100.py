"""attn-gym's forward affine summary of a delta-rule shard for context parallelism, SM100
(attn_gym/linear/_delta_rule/cute/affine_summary_fwd.py, `_AffineSummaryFwdOp`): one shard's effect on the recurrent
state as H_out = H_in A + B, computed over the shard's 64-token chunks from the WY factors (kg, w, u, the cumulative
gate) on the augmented state X = [B | A] of shape (K, V + K): per chunk Tmp = W X (tcgen05), Tmp[:, :V] = U - Tmp[:, :V],
Tmp[:, V:] = -Tmp[:, V:], X = diag(exp2(g_last)) X + Kg^T Tmp (tcgen05); the output is X^T per (range, head).

Configured as `build_state_summaries` compiles it on SM100 (the package's own builder `_compile_affine_summary`, called
unwrapped from its disk cache): bf16 factors, 32 heads (Kimi Linear's KDA), key and value dim 128, a state tile of 64
columns of V + K (`select_state_columns`: 32 heads x 8 narrow tiles exceed a B200's 148 SMs), whole ranges (one work
item per range: `work_table` with a budget of 1, a short shard), fastmath on (the default), 32-bit offsets; tokens and
ranges dynamic (the package's fake tensors). `set_compile_target` is given a B200's (sm_100a, 148 SMs).
"""

from _common import attn_gym

ARCH = "sm_100a"


def compile_only(heads=32, state_columns=64):
    target = attn_gym("_backends.cute.target")
    target.set_compile_target(target.CompileTarget("cuda", "sm_100a", (10, 0), "NVIDIA B200", 148))
    module = attn_gym("linear._delta_rule.cute.affine_summary_fwd")
    build = getattr(module._compile_affine_summary, "__wrapped__", module._compile_affine_summary)
    return build("bf16", heads, state_columns, False, True, True)
