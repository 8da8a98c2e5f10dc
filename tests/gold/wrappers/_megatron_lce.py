"""Megatron-LM's fused lm-head + cross-entropy kernels (megatron/core/fusions/linear_cross_entropy/), with the fake
tensors their host paths (`entry.forward` / `entry.backward`) give them: per-token rows and vectors over a dynamic
token count, row-major, aligned as the host allocates them. The four `gh_mg_lce_*` wrappers compile one kernel each."""

from _common import github_source

SOURCE = ("NVIDIA/Megatron-LM", "c55fa113f16d72042c6d8f946815970818bc3552")
PACKAGE = "megatron.core.fusions.linear_cross_entropy"


def kernel_module(arch_dir: str, name: str):
    """`megatron.core.fusions.linear_cross_entropy.<arch_dir>.<name>` from the pinned tree."""
    return github_source(SOURCE[0], "", f"{PACKAGE}.{arch_dir}.{name}")


def rows(dtype, cols: int, align: int):
    """A row-major (tokens, cols) tensor with a dynamic token count."""
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    return make_fake_compact_tensor(dtype, (cute.sym_int(), cols), stride_order=(1, 0), assumed_align=align)


def vector(dtype, align: int = 8):
    """A per-token vector with a dynamic token count."""
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    return make_fake_compact_tensor(dtype, (cute.sym_int(),), assumed_align=align)


def weight(vocab: int, dim: int):
    """The lm-head's (vocab, dim) bf16 weight, static and row-major."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    return make_fake_compact_tensor(cutlass.BFloat16, (vocab, dim), stride_order=(1, 0), assumed_align=16)


def compile_fwd_mainloop(module, weight_tensor, dim: int, vocab: int, vocab_per_split: int):
    """`FwdMainLoop(vocab_per_split)` compiled over bf16 hidden rows, the weight as given, int64 labels, fp32 per-token
    results and the (tokens, splits) fp32 max / sum partials."""
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    splits = (vocab + vocab_per_split - 1) // vocab_per_split
    kernel = module.FwdMainLoop(vocab_per_split=vocab_per_split)
    return cute.compile(kernel, rows(cutlass.BFloat16, dim, 16), weight_tensor, vector(cutlass.Int64, 8),
                        vector(cutlass.Float32, 16), rows(cutlass.Float32, splits, 8), rows(cutlass.Float32, splits, 8),
                        cutlass.Int64(-100), cutlass.Int32(0), make_fake_stream())


def compile_bwd_partial_dlogits(module, dim: int, vocab: int, vocab_per_split: int):
    """`BwdPartialDlogits(reduction=0, vocab_per_split)` (per-token d_logprobs) compiled for split 0: bf16 hidden rows,
    the weight, int64 labels, fp32 d_logprobs / max / sum, the (tokens, vocab_per_split) bf16 d_logits buffer, the
    int64 valid-token count as a pointer."""
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    num_valid_tokens = make_ptr(cutlass.Int64, 0, cute.AddressSpace.gmem, assumed_align=8)
    kernel = module.BwdPartialDlogits(reduction=0, vocab_per_split=vocab_per_split)
    return cute.compile(kernel, cutlass.Int32(0), rows(cutlass.BFloat16, dim, 16), weight(vocab, dim),
                        vector(cutlass.Int64), vector(cutlass.Float32), vector(cutlass.Float32),
                        vector(cutlass.Float32), rows(cutlass.BFloat16, vocab_per_split, 32), num_valid_tokens,
                        cutlass.Int64(-100), cutlass.Int32(0), make_fake_stream())
