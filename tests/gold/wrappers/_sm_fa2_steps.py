"""syedMohib44/cuda-triton-multiarch's CuTeDSL steps toward a FlashAttention-2 forward (cute/), loaded from the
pinned GitHub tree."""

import os
import sys

from _common import github_source

SOURCE = ("syedMohib44/cuda-triton-multiarch", "836aefb67604f2750248c786e05877005637c76b")


def module(name):
    """``cute/<name>.py``; the file names start with digits, so they are imported by name, and the folder joins
    sys.path because flash_fwd.py imports its helpers as the top-level module ``utils``."""
    from _packages import github_tree

    folder = os.path.join(github_tree(SOURCE[0]), "cute")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return github_source(SOURCE[0], "", f"cute.{name}")
