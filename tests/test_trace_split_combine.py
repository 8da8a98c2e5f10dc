"""A split-KV combine reads per-split partial outputs and LSEs, each the modes of a tensor it writes plus one mode
more (the split, of one extent in all of them), and reduces over that mode: the split indexes chunks of the key
range, a rest along K, wherever the partials are tiled. Equal extents of the batch and the splits are told apart by
the strides, not by the names."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "split_combine.py")


@pytest.fixture(scope="module")
def combine():
    return trace_json(f"{KERNEL}:compile_split_combine", arch="sm_80")


def test_the_partials_split_mode_runs_along_keys(combine):
    assert labels_of(combine, "part_o")[0][-1] == "input-mode-K"
    assert labels_of(combine, "part_lse")[0][-1] == "input-mode-K"


def test_the_batch_of_the_splits_extent_is_not_the_split(combine):
    assert "input-mode-K" not in labels_of(combine, "part_o")[0][:-1]
    assert "input-mode-K" not in labels_of(combine, "part_lse")[0][:-1]


def test_the_outputs_have_no_split(combine):
    assert "input-mode-K" not in labels_of(combine, "out")[0]
    assert "input-mode-K" not in labels_of(combine, "lse")[0]


def test_a_tile_that_keeps_the_splits_keeps_them_along_keys(combine):
    assert labels_of(combine, "weights")[0][-1].endswith("-K")
    assert labels_of(combine, "mine")[0][-1].endswith("-K")
