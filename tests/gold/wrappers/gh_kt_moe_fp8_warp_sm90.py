"""m87-labs/kestrel's routed MoE GEMM with FP8 (E4M3) activations and weights on SM90 warp-level MMA
(kestrel-kernels/python/kestrel_kernels/cute_moe/cute_moe_fp8_sm90_warp.py, `_FusedMoeMatmulCuTeWarpFp8`), the small
block_m path of a Triton-style fused MoE: per-row routing tables (assignment ids, A / C row byte offsets, A's per-row
scales, routing weights) and the expert's per-column B scales staged in SMEM by hand; A rows gathered by token and the
expert's B tile loaded by 128-bit cp.async through raw pointers into swizzled SMEM that holds FP8 pairs as 16-bit
elements; ldmatrix x4 loads of the packed pairs, converted in registers into two fp16 fragments (low and high bytes),
two m16n8k16 mma.sync per k fragment, and an epilogue scaling by A_scale * B_scale (* routing weight) and storing
bf16 pairs by hand.

Configured as the package's `dispatch` JIT path compiles the FP8 down projection (mul_routed_weight=True, top_k=1)
with the shipped H100 config for E64 H2048 I1024 (configs/cute_moe_E64_H2048_I1024_fp8_sm90.json, "down", "1":
block_m 16, block_n 128, block_k 128, 4 warps, 7 stages, kernel_type "warp"; dtype "fp8"): N = 2048, K = 1024; the FP8 bits of A
(assignments, K) and B (E, N, K) as uint8 `convert_from_dlpack(leading_dim=last, divisibility=16)`, B's scales (E, N)
and C (assignments, N) bf16 with divisibility 8, A's scales, the routing weights, sorted ids, expert ids and the padded
count as `mark_layout_dynamic` 1-D tensors; a fake stream; use_pdl False. The packages' __init__s are skipped
(`github_source`); the same CuTeDSL-name shims as `gh_kt_moe_bf16_wgmma_sm90` (the vendored flash-attn utils).
"""

from _common import github_source

SOURCE = ("m87-labs/kestrel", "4ae2f996558fd1bb3c9683bc276f50d982b973d5")

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import dynamic_layout, last_contiguous, old_vendored_names, stream

    old_vendored_names()
    kernels = github_source(SOURCE[0], "kestrel-kernels/python", "kestrel_kernels.cute_moe.cute_moe_fp8_sm90_warp")
    config = github_source(SOURCE[0], "kestrel-kernels/python", "kestrel_kernels.cute_moe.config")
    moe = config.CuteMoeConfig(block_m=16, block_n=128, block_k=128, num_warps=4, num_stages=7, dtype="fp8",
                              kernel_type="warp")
    op = kernels._FusedMoeMatmulCuTeWarpFp8(cutlass.BFloat16, cutlass.Float8E4M3FN, moe, mul_routed_weight=True,
                                            top_k=1, N=2048, K=1024)
    a_bits = last_contiguous(cutlass.Uint8, 2, divisibility=16)
    a_scale = dynamic_layout(cutlass.Float32, 1)
    b_bits = last_contiguous(cutlass.Uint8, 3, divisibility=16)
    b_scale = last_contiguous(cutlass.Float32, 2)
    c = last_contiguous(cutlass.BFloat16, 2)
    weights = dynamic_layout(cutlass.BFloat16, 1)
    sorted_ids = dynamic_layout(cutlass.Int32, 1, align=4)
    expert_ids = dynamic_layout(cutlass.Int32, 1, align=4)
    padded = dynamic_layout(cutlass.Int32, 1, align=4)
    return cute.compile(op, a_bits, a_scale, b_bits, b_scale, c, weights, sorted_ids, expert_ids, padded, stream(),
                        False)
