"""m87-labs/kestrel's routed MoE GEMM with BF16 activations and weights on SM90 WGMMA
(kestrel-kernels/python/kestrel_kernels/cute_moe/cute_moe_bf16_sm90_wgmma.py, `_FusedMoeMatmulCuTeWgmmaBf16`), a
Triton-style fused MoE: rows are the expert-sorted assignment list (`sorted_token_ids`, padded per expert to block_m,
one expert per M block in `expert_ids`); each CTA gathers its block's A rows by token id into SMEM with cp.async, loads
the expert's B (N, K) tile, runs a warpgroup MMA per 64 rows, multiplies by the routing weight and scatters C rows.

Configured as the package's `dispatch` JIT path compiles the down projection (mul_routed_weight=True, top_k=1) with
the shipped H100 config for E64 H2048 I1024 (configs/cute_moe_E64_H2048_I1024_bf16_sm90.json, "down", first wgmma
entry: block_m 128, block_n 256, block_k 128, 8 warps, 2 stages): N = 2048, K = 1024; A (assignments, K), B (E, N, K)
and C (assignments, N) bf16 as `convert_from_dlpack(leading_dim=last, divisibility=8)` presents them (run-time
extents, the last mode contiguous and divisible by 8), the routing weights, sorted ids, expert ids and the padded count
as `mark_layout_dynamic` 1-D tensors; a fake stream. The packages' __init__s are skipped (`github_source`). Shim: the
vendored flash-attn utils build module-level partials with `nvvm.RoundingModeKind.RN`, which CuTeDSL 4.8.1 names
`nvvm.FPRoundingMode` (same members), and annotate with `cute.core.ThrMma` / `cute.core.ThrCopy`, now `cute.ThrMma` / `cute.ThrCopy`; the
wrapper aliases them (annotations and partials the MoE kernel never calls).
"""

from _common import github_source

SOURCE = ("m87-labs/kestrel", "4ae2f996558fd1bb3c9683bc276f50d982b973d5")

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import dynamic_layout, last_contiguous, old_vendored_names, stream

    old_vendored_names()
    kernels = github_source(SOURCE[0], "kestrel-kernels/python", "kestrel_kernels.cute_moe.cute_moe_bf16_sm90_wgmma")
    config = github_source(SOURCE[0], "kestrel-kernels/python", "kestrel_kernels.cute_moe.config")
    moe = config.CuteMoeConfig(block_m=128, block_n=256, block_k=128, num_warps=8, num_stages=2, kernel_type="wgmma")
    op = kernels._FusedMoeMatmulCuTeWgmmaBf16(cutlass.BFloat16, moe, mul_routed_weight=True, top_k=1, N=2048, K=1024)
    a = last_contiguous(cutlass.BFloat16, 2)
    b = last_contiguous(cutlass.BFloat16, 3)
    c = last_contiguous(cutlass.BFloat16, 2)
    weights = dynamic_layout(cutlass.BFloat16, 1)
    sorted_ids = dynamic_layout(cutlass.Int32, 1, align=4)
    expert_ids = dynamic_layout(cutlass.Int32, 1, align=4)
    padded = dynamic_layout(cutlass.Int32, 1, align=4)
    return cute.compile(op, a, b, c, weights, sorted_ids, expert_ids, padded, stream())
