"""syedMohib44/cuda-triton-multiarch's CuTeDSL steps toward a FlashAttention-2 forward (cute/), loaded from the
pinned GitHub tree."""

from _common import github_source

SOURCE = ("syedMohib44/cuda-triton-multiarch", "836aefb67604f2750248c786e05877005637c76b")


def module(name):
    """``cute/<name>.py`` (the file names start with digits, so they are imported by name)."""
    return github_source(SOURCE[0], "", f"cute.{name}")
