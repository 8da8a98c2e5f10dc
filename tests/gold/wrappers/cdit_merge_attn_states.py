"""cache-dit's fused attention-state merge (cache_dit/kernels/cutedsl/_merge_attn_states.py, `_MergeAttnStatesProgram`),
the CuTeDSL backend of `fused_merge_attn_states`: ring attention's step that folds one more partial attention output
and its log-sum-exp into the running one. One row (token, head) per group of threads: each lane's 128-bit slice of the
head dim loaded from both partial outputs into registers, blended by the sigmoid weight of the two LSEs, stored back;
lane 0 writes the merged LSE. No MMA, no shared memory.

Configured as `distributed.core._templated_ring`'s ring forward calls it (`fused_merge_attn_states(prev_out, prev_lse,
out, lse)`, which flattens (B, S, H, D) to contiguous (B * S * H, D) rows and compiles with static layouts, 16-byte
aligned): FLUX.1-dev's attention on a 2-GPU ring, one image of 4608 tokens (2304 per rank) x 24 heads, head dim 128,
bf16 outputs, fp32 LSE. The kernel has no architecture-specific op; the package runs it on Hopper and Blackwell.
"""

from _common import cache_dit, row_major

ARCH = "sm_90a"


def compile_only(tokens=2304, heads=24, head_dim=128):
    import cutlass

    module = cache_dit("kernels.cutedsl._merge_attn_states")
    rows = tokens * heads
    out, prev_out, suff_out = (row_major(cutlass.BFloat16, (rows, head_dim)) for _ in range(3))
    lse, prev_lse, suff_lse = (row_major(cutlass.Float32, (rows,)) for _ in range(3))
    program = module._MergeAttnStatesProgram(head_size=head_dim, element_bits=16)
    program._merge_attn_states_kernel.set_name_prefix("cache_dit_cutedsl_fused_merge_attn_states")
    return cutlass.cute.compile(program, out, lse, prev_out, prev_lse, suff_out, suff_lse)
