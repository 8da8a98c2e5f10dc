"""punwai/cute-flash-attn's CuTeDSL learning kernels (a flash-attention forward for Hopper in several versions and a
Hopper GEMM), loaded from the pinned GitHub tree. The files sit at the tree's root and some names are not Python
identifiers (`fa2-fast.py`), so each is loaded by its path under a module name of its own."""

import importlib.util
import os
import sys

from _common import github_source  # noqa: F401  (registers the stand-ins and the make_fragment alias)

SOURCE = ("punwai/cute-flash-attn", "918372804e1f941e20caf4deb3847b2112c77c72")


def module(filename):
    """The root-level file ``filename`` of the tree as a module named ``punwai_<stem>``."""
    from types import SimpleNamespace

    from cutlass import cute

    from _packages import _make_fragment_alias, _stand_ins, github_tree

    _stand_ins()
    _make_fragment_alias()
    # The kernels fence with enums that CuTeDSL 4.8 replaced by strings; no tensor is made by them.
    cute.arch.ProxyKind = SimpleNamespace(async_shared="async.shared")
    cute.arch.SharedSpace = SimpleNamespace(shared_cta="cta")
    name = "punwai_" + os.path.splitext(filename)[0].replace("-", "_")
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, os.path.join(github_tree(SOURCE[0]), filename))
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded
    spec.loader.exec_module(loaded)
    return loaded
