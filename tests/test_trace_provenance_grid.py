"""The grid's coordinates counted over the whole problem (tests/kernels/provenance_grid.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_grid.py")


@pytest.fixture(scope="module")
def grid():
    return trace_json(f"{KERNEL}:compile_grid", arch="sm_80")


def test_an_identity_counted_over_modes_read_one_by_one_runs_along_their_axes(grid):
    # `make_identity_tensor((left.shape[0], cute.size(right, mode=[0]), 1))`: A's rows M, B's rows N, then L
    assert labels_of(grid, "counted")[0] == ["coord-mode-M", "coord-mode-N", "coord-mode-L"]


def test_a_divide_of_the_whole_problems_coordinates_cuts_cta_tiles(grid):
    # its tiles run along the accumulator's two axes, but the extents only known at run time say it is the
    # grid's coordinates: Block, not the epilogue's; the mode the tiler leaves whole is one more rest
    assert labels_of(grid, "tiles")[0] == ["block-atom-M", "block-atom-N", "block-rest-M", "block-rest-N",
                                           "block-rest-L"]
