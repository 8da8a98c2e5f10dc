"""minoya1220/cute-kernels' row softmax kernels (softmax/), loaded from the pinned GitHub tree.

Each file's builder (`softmax_fwd_builder(X)`, `softmax_bwd_builder(Y, dY)`) takes torch CUDA tensors, makes its
cute tensors with `from_dlpack`, picks the copy configuration from their shape and compiles its `@cute.jit` launcher
on the spot. Here the builders get numpy arrays in the tensors' place (`_Rows`: an ndarray that answers
`is_contiguous()`, `detach()` and `stride()`, which is what the builders call), and the torch stand-in's `empty_like`
is numpy's (the shim): `from_dlpack` reads them as it reads torch tensors (static, row-major layouts). numpy has no
bfloat16, so the 16-bit type is float16 (the same 8-value copies and code paths as the author's bfloat16).
"""

import os
import sys

import numpy as np

from _common import github_file

SOURCE = ("minoya1220/cute-kernels", "53e87eaa3daf5561575abd0775b991e62de76543")


class _Rows(np.ndarray):
    """A row-major array standing in for a contiguous torch tensor."""

    def is_contiguous(self):
        return self.flags["C_CONTIGUOUS"]

    def detach(self):
        return self

    def stride(self):
        return tuple(s // self.itemsize for s in self.strides)


def rows(m, n):
    """A float16 (m, n) row-major `_Rows`."""
    return np.zeros((m, n), dtype=np.float16).view(_Rows)


def module(stem):
    """``softmax/<stem>.py``; the tree's root joins sys.path because the file imports ``utils`` from there, and the
    torch stand-in's ``empty_like`` becomes numpy's."""
    from _packages import github_tree

    root = github_tree(SOURCE[0])
    if root not in sys.path:
        sys.path.insert(0, root)
    mod = github_file(SOURCE[0], os.path.join("softmax", f"{stem}.py"), f"mk_{stem}")
    mod.torch.empty_like = np.empty_like
    return mod
