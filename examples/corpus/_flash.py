"""Shared arguments of flash-attention's CuTeDSL forward kernels (flash_attn/cute/flash_fwd*.py)."""

import _fake


def tensors(batch, seqlen, heads, head_dim, dtype):
    """Q, K, V, O as (b, s, h, d) with d contiguous, and the fp32 LSE (b, h, s), as its interface passes them."""
    import cutlass

    q, k, v, o = (_fake.row_major(dtype, (batch, seqlen, heads, head_dim)) for _ in range(4))
    lse = _fake.row_major(cutlass.Float32, (batch, heads, seqlen), align=4)
    return q, k, v, o, lse


def common_arguments(q, k, v, o, lse, head_dim):
    """Everything up to the arch-specific tail: no varlen, no paging, no window, no sink, no sparsity."""
    import cutlass

    aux = _flash_utils().AuxData(None, None)
    return [q, k, v, o, lse, cutlass.Float32(head_dim ** -0.5), None, None, None, None, None, None, None, None], aux


def _flash_utils():
    import _sources

    return _sources.flash_attn("utils")
