"""gpu-mode/reference-kernels' NVIDIA problems (problems/nvidia/<problem>/: the competition's CuTeDSL reference
submissions for B200), loaded from the pinned GitHub tree."""

import os
import sys

from _common import github_source

SOURCE = ("gpu-mode/reference-kernels", "f83cb92a534cc67fa98d7e9813e7f8238abdb4e0")


def module(problem, name):
    """``problems/nvidia/<problem>/<name>.py``; the problem's folder leads sys.path because the module imports its
    sibling ``task`` (torch type aliases: the stand-in answers torch) as a top-level module, and each problem has its
    own ``task``."""
    from _packages import github_tree

    folder = os.path.join(github_tree(SOURCE[0]), "problems", "nvidia", problem)
    sys.modules.pop("task", None)
    if folder in sys.path:
        sys.path.remove(folder)
    sys.path.insert(0, folder)
    return github_source(SOURCE[0], "", f"problems.nvidia.{problem}.{name}")
