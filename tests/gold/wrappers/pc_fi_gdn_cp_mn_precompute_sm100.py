"""flashinfer's context-parallel gated delta rule, local transfer / state precompute on SM100
(flashinfer/gdn_kernels/blackwell/gated_delta_net_cp.py, `CPDeltaRuleMNPrecomputeUtcmma1Sm100`): one CTA per
(CP chunk, head, sequence) walks the chunk's 64-token blocks keeping both recurrences (the local transfer matrix M and
the local state N, each D x D) in TMEM; tcgen05 MMAs on TMA-loaded k, v and the precomputed T blocks, the alpha
(gate) stream loaded by one warp, two compute warp groups converting TMEM results into the next MMAs' operands.

Configured as `cp_delta_rule_mn_precompute_dsl_sm100` compiles it (flashinfer/gdn_kernels/blackwell/
gdn_cp_prefill.py): bf16 k / v / T, fp32 alpha and workspaces, int32 cu_seqlens, D = 128, 64-token blocks; the
operands as its from_dlpack calls give them: k and v as (D, tokens, heads) views with the head dim contiguous
(`mark_layout_dynamic(leading_dim=0)`), T as (64, 64, heads, blocks) with its second mode contiguous, alpha, the
transfer / state workspaces and cu_seqlens flat 1-D; every extent and stride dynamic.
"""

from _common import dynamic_layout, flashinfer, stream

ARCH = "sm_100a"


def compile_only():
    import cutlass

    module = flashinfer("gdn_kernels.blackwell.gated_delta_net_cp")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    k, v = dynamic_layout(bf16, 3, contiguous=0), dynamic_layout(bf16, 3, contiguous=0)
    t = dynamic_layout(bf16, 4, contiguous=1)
    alpha, transfer, state = (dynamic_layout(f32, 1) for _ in range(3))
    cu_seqlens = dynamic_layout(i32, 1, align=8)
    kernel = module.CPDeltaRuleMNPrecomputeUtcmma1Sm100(bf16, i32)
    n = cutlass.Int32
    return cutlass.cute.compile(kernel, k, v, t, alpha, transfer, state, cu_seqlens, n(4096), n(16), n(32), n(32),
                                n(8), n(4), n(2), stream())
