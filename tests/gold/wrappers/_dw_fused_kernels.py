"""dungwoong/fused_kernels_cutedsl_lib's CuTeDSL kernels (python/cutedsl_kernels, helpers in python/cdsl_helpers),
loaded from the pinned GitHub tree. The kernels fence with `cute.arch.ProxyKind` / `cute.arch.SharedSpace` enums
that CuTeDSL 4.8 replaced by strings; `module` gives them back (no tensor is made by them), as punwai/cute-flash-attn's
loader does."""

from _common import github_source, old_fence_enums

SOURCE = ("dungwoong/fused_kernels_cutedsl_lib", "d0ee5b2b5277e5a6ed45b3093390dc27c8e51f42")


def module(name):
    """``<name>`` (dotted, under the tree's python/ folder); the sibling top package cdsl_helpers, which the kernels
    import, is registered first (not run: its __init__ imports the torch-facing runtime)."""
    old_fence_enums()
    github_source(SOURCE[0], "python", "cdsl_helpers.shared")
    return github_source(SOURCE[0], "python", name)
