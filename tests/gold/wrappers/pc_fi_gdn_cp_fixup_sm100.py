"""flashinfer's context-parallel gated delta rule, state fix-up on SM100
(flashinfer/gdn_kernels/blackwell/gated_delta_net_cp.py, `CPDeltaRuleFixupUtcmmaSm100`): one CTA per (128 state rows,
head, sequence) walks the sequence's CP chunks, S <- S M_c + N_c with the running state S as a TF32 TMEM A operand,
the local transfer M_c TMA-loaded as the MMA's B and the local state N_c TMA-loaded and copied into the accumulator
(tcgen05.st) before each MMA; the state after each chunk is read out of TMEM and written to the fixed-state workspace,
the last one to the output state too.

Configured as `cp_delta_rule_fixup_dsl_sm100` compiles it (flashinfer/gdn_kernels/blackwell/gdn_cp_prefill.py) when
the (sequence, head) states exceed one wave of its 64-row kernel: `utcmma128` (128 rows per CTA), with an fp32
initial state and an fp32 output state (packed, no state indices), fp32 workspaces; the operands as its from_dlpack
calls give them: the local transfer as (D, D, heads, chunks) with its first mode contiguous, the local state with its
second, the initial / output states [N, H, V, K] with the last mode contiguous, the workspaces and cu_seqlens flat;
every extent and stride dynamic.
"""

from _common import dynamic_layout, flashinfer, stream

ARCH = "sm_100a"


def compile_only():
    import cutlass

    module = flashinfer("gdn_kernels.blackwell.gated_delta_net_cp")
    f32, i32 = cutlass.Float32, cutlass.Int32
    transfer, local_state = dynamic_layout(f32, 4, contiguous=0), dynamic_layout(f32, 4, contiguous=1)
    initial_state, output_state = dynamic_layout(f32, 4), dynamic_layout(f32, 4)
    initial_workspace, fixed_state = dynamic_layout(f32, 1), dynamic_layout(f32, 1)
    cu_seqlens = dynamic_layout(i32, 1, align=8)
    kernel = module.CPDeltaRuleFixupUtcmmaSm100(
        rows_per_cta=128, needs_initial_state=True, store_final_state=True, initial_state_dtype=f32, state_dtype=f32,
        cu_seqlens_dtype=i32, use_state_indices=False, store_initial_state=True)
    n = cutlass.Int32
    return cutlass.cute.compile(kernel, transfer, local_state, initial_state, initial_workspace, fixed_state,
                                output_state, None, cu_seqlens, n(4096), n(64), n(8), n(32), stream())
