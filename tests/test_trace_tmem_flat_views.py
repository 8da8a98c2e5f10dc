"""A tcgen05 copy's partition of a flat (rows, columns) TMEM view of an accumulator (tests/kernels/tmem_flat_views.py,
as attention's softmax warps write P and the row statistics): its size-1 rest runs along the view's rows."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "tmem_flat_views.py")


@pytest.fixture(scope="module")
def flat():
    return trace_json(f"{KERNEL}:compile_flat", arch="sm_100a")


def test_the_rests_of_a_flat_views_partition_follow_its_modes(flat):
    # both rests shared one variable and ran along the columns: the rows' rest (extent 1) steps no stride
    assert labels_of(flat, "into")[0][3:] == ["store-rest-M", "store-rest-N"]
    assert labels_of(flat, "vals")[0][3:] == ["store-rest-M", "store-rest-N"]
