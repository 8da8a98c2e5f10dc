"""zyksir/CudaDiveDeep's CuTeDSL tutorial modules (cute_dsl/), loaded from the pinned GitHub tree."""

import os
import sys

from _common import github_source

SOURCE = ("zyksir/CudaDiveDeep", "4b17819947bfe0af2c6c53f2cec2638451791598")


def module(name):
    """``cute_dsl/<name>.py``; the folder joins sys.path because its modules import each other as top-level modules
    (``from utils import run_benchmark``)."""
    from _packages import github_tree

    folder = os.path.join(github_tree(SOURCE[0]), "cute_dsl")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return github_source(SOURCE[0], "", f"cute_dsl.{name}")
