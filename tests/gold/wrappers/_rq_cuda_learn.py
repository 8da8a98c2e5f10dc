"""Rhys-Q/cuda_learn's CuTeDSL learning demos (cutedsl/), loaded from the pinned GitHub tree."""

from _common import github_source

SOURCE = ("Rhys-Q/cuda_learn", "6e30897aad631faebc9f1fe38f1d3e415900bbf6")


def module(name):
    """``cutedsl/<name>.py`` (dotted below cutedsl/)."""
    return github_source(SOURCE[0], "", f"cutedsl.{name}")
