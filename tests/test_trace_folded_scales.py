"""A block-scaled warp MMA's B scale factors in registers the kernel lays out itself (tests/kernels/folded_scales.py):
the copy's `retile` of them folds the first column-block leaf into its atom; that leaf stays what it is in the
registers the MMA reads, a rest along N, and the `filter_zeros` view of the retile the copy writes holds the same."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "folded_scales.py")
FOLDED = ["mma-atom", "mma-atom-K", "mma-rest-N", "mma-rest-N", "mma-rest-K"]


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_folded", arch="sm_120a")


def test_the_scale_registers_are_the_mmas_b_scales(events):
    assert labels_of(events, "mine")[0] == ["mma-atom-K", "mma-atom", "mma-rest-N", "mma-rest-K"]


def test_a_rest_leaf_folded_into_the_copys_atom_stays_a_rest(events):
    assert labels_of(events, "mine_view")[0] == FOLDED


def test_the_filter_zeros_view_of_the_retile_holds_its_labels(events):
    assert labels_of(events, "mine_flat")[0] == FOLDED
