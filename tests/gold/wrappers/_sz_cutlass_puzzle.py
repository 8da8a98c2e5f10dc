"""supercharleszhu/cutlass-puzzle's CuTeDSL puzzle solutions (puzzle/dayNN_*/solution.py), loaded from the pinned
GitHub tree."""

from _common import github_source

SOURCE = ("supercharleszhu/cutlass-puzzle", "1905c01bc52d6d8956cd6473025c5ed504050fee")


def module(day):
    """``puzzle/<day>/solution.py`` (``day`` the folder's name, e.g. ``day14_cute_dsl_simt_gemm``)."""
    return github_source(SOURCE[0], "", f"puzzle.{day}.solution")
