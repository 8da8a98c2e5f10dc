"""One TiledMma issuing two products (S = Q K^T, then O = P V through the same `tiled_mma`) is two MMAs: each gets its
own M, N and K, and the attention rule names them."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "shared_mma.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_two_products", arch="sm_80")


def test_the_two_products_of_one_tiled_mma_keep_their_own_axes(events):
    assert labels_of(events, "first")[0] == ["mma-atom-K", "mma-atom-Q", "mma-rest-Q", "mma-rest-K"]
    assert labels_of(events, "second")[0] == ["mma-atom-D", "mma-atom-Q", "mma-rest-Q", "mma-rest-D"]


def test_the_second_products_operands_and_inputs_follow_it(events):
    assert labels_of(events, "fz")[0] == ["mma-atom-K", "mma-atom-K", "mma-rest-D", "mma-rest-K"]
    assert labels_of(events, "tz")[0] == ["block-atom-D", "block-atom-K"]
    assert labels_of(events, "Yt")[0] == ["input-mode-D", "input-mode-K", "input-mode-H"]
    # P laid out as the second product's A operand keeps the scores' axes: keys contracted, queries kept
    assert labels_of(events, "operand")[0] == ["mma-atom-K", "mma-atom-Q", "mma-atom-K", "mma-rest-Q", "mma-rest-K"]


def test_the_first_products_operands_keep_theirs(events):
    assert labels_of(events, "fy")[0] == ["mma-atom-D", "mma-atom-D", "mma-rest-K", "mma-rest-D"]
    assert labels_of(events, "tx")[0] == ["block-atom-Q", "block-atom-D"]


def test_an_identity_over_a_layouts_shape_counts_that_tensors_modes(events):
    assert labels_of(events, "counts")[0] == ["coord-mode-Q", "coord-mode-D", "coord-mode-H"]


def test_an_operands_tiles_along_the_outputs_axes_are_block_not_epi(events):
    # X's (rows, depth) tiles run along the second product's accumulator (rows, depth), but an MMA reads them
    assert labels_of(events, "tiles")[0] == ["block-atom-Q", "block-atom-D", "block-rest-Q", "block-rest-D"]
