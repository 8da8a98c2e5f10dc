"""Fake tensors for compile-only wrappers: shape, dtype and a stride order, no memory, no GPU."""

from __future__ import annotations


def tensor(dtype, shape, order=None, align=16):
    """A fake global tensor; `order` ranks the modes by stride (0 = contiguous), compact otherwise."""
    from cutlass.cute.runtime import make_fake_compact_tensor

    return make_fake_compact_tensor(dtype, tuple(shape), stride_order=tuple(order) if order else None,
                                    assumed_align=align)


def row_major(dtype, shape, align=16):
    """The last mode contiguous, like a C-ordered torch tensor."""
    n = len(shape)
    return tensor(dtype, shape, tuple(range(n - 1, -1, -1)), align)


def stream():
    from cutlass.cute.runtime import make_fake_stream

    return make_fake_stream()


def dynamic(divisibility=1):
    """A run-time extent, as `mark_layout_dynamic` makes one for a real tensor."""
    from cutlass import cute

    return cute.sym_int(divisibility=divisibility)
