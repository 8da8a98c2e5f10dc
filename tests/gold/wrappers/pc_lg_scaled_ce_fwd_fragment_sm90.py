"""liger-kernel's SM90 two-fragment fused scaled cross-entropy forward (liger_kernel/ops/cutedsl/ops/
_fused_scaled_cross_entropy_forward_fragment_sm90.py, `_ScaledCEForwardFragmentSM90`), sm_90a: logits = x W^T by wgmma
(M = 128 token rows per CTA over two MMA warpgroups of 64, N = two 160-column vocabulary accumulators, K = hidden in
64-wide k-tiles), a 3-stage TMA ring (x, and W's two 160-row panels multicast to the 2-CTA cluster peer), each
accumulator staged as two 80-column slices through padded fp16 SMEM buffers, an online softmax (max, sum, target
logit) per token row over the CTA's vocabulary split, per-CTA partial statistics written to HBM for a finalizer kernel
(not compiled here). Compiled as `scaled_ce_forward_fragment` compiles it with its default config (fast math, no
entropy, no selected tokens) for 4096 tokens, hidden 4096, vocabulary 128256 (bf16 x and W), on an H100 (132 SMs: 66
active 2-CTA clusters, which `_resolve_split` turns into split_n 5, base_split_n 4, extra_m_pairs 2, given here since
the wrapper cannot ask the driver); every tensor `to_cute_tensor`'s `mark_layout_dynamic(leading_dim=...)` with the
host's alignments (x / W (rows, hidden, 1) K-contiguous, int64 target, fp32 partials (tiles * split, 128)).
"""

from _common import liger_kernel, stream

ARCH = "sm_90a"


def _dynamic(dtype, rank, contiguous, align):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    stride = tuple(1 if mode == contiguous else cute.sym_int64() for mode in range(rank))
    return make_fake_tensor(dtype, tuple(cute.sym_int() for _ in range(rank)), stride=stride, assumed_align=align)


def compile_only():
    import cutlass
    from cutlass import cute

    module = liger_kernel("ops.cutedsl.ops._fused_scaled_cross_entropy_forward_fragment_sm90")
    config = module.ScaledCEForwardFragmentConfig(split_n=5, base_split_n=4, extra_m_pairs=2)
    x = _dynamic(cutlass.BFloat16, 3, 1, 16)           # (tokens, hidden, 1)
    weight = _dynamic(cutlass.BFloat16, 3, 1, 16)      # (vocab, hidden, 1)
    target = _dynamic(cutlass.Int64, 1, 0, 8)          # (tokens,)
    partials = [_dynamic(cutlass.Float32, 2, 1, 4) for _ in range(3)]  # max, sum, target: (tiles * split, 128)
    weighted = _dynamic(cutlass.Float32, 1, 0, 4)      # (1,) without entropy
    selected = _dynamic(cutlass.Float32, 2, 1, 4)      # token_loss viewed (tokens, 1) without selected tokens
    return cute.compile(module._ScaledCEForwardFragmentSM90(config), x, weight, target, *partials, weighted, target,
                        selected, cutlass.Float32(1.0), stream())
