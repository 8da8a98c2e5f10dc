"""cute.experimental epilogues: a side input tiled at the output's block indices runs along the output's axes."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "experimental_epilogue.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_epilogue", arch="sm_100a")


def test_a_tensor_tiled_at_the_outputs_block_indices_runs_along_its_axes(events):
    """`local_tile(shift, TILE[:2], (x, y, z))` beside `local_tile(result, TILE[:2], (x, y, z))`: one grid's tile;
    the shift's column mode (stride 0) meets no MMA or copy, yet runs along N as the output's does."""
    assert labels_of(events, "shift")[0] == ["input-mode-M", "input-mode-N", "input-mode-L"]
    assert labels_of(events, "shift_tile")[0] == ["block-atom-M", "block-atom-N"]
