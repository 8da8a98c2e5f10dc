"""punwai/cute-flash-attn's CuTeDSL learning kernels (a flash-attention forward for Hopper in several versions and a
Hopper GEMM), loaded from the pinned GitHub tree. The files sit at the tree's root and some names are not Python
identifiers (`fa2-fast.py`), so each is loaded by its path under a module name of its own."""

import os

from _common import github_file, old_fence_enums

SOURCE = ("punwai/cute-flash-attn", "918372804e1f941e20caf4deb3847b2112c77c72")


def module(filename):
    """The root-level file ``filename`` of the tree as a module named ``punwai_<stem>``."""
    old_fence_enums()
    return github_file(SOURCE[0], filename, "punwai_" + os.path.splitext(filename)[0].replace("-", "_"))
