"""Query rows that stack two tensors' rows, filled by hand (rows 0-3 from one, 8-11 from the other), pack them and
run along no single axis; key rows filled from a cache and new rows stay the keys."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "packed_query_rows.py")


@pytest.fixture(scope="module")
def stacked():
    return trace_json(f"{KERNEL}:compile_stacked_rows", arch="sm_80")


def test_query_rows_filled_by_hand_from_two_tensors_run_along_no_axis(stacked):
    assert labels_of(stacked, "s_x")[0] == ["mma-atom", "mma-atom-D"]
    assert labels_of(stacked, "scores")[0] == ["mma-atom-K", "mma-atom", "mma-rest", "mma-rest-K"]
    assert labels_of(stacked, "out")[0] == ["mma-atom-D", "mma-atom", "mma-rest", "mma-rest-D"]


@pytest.fixture(scope="module")
def own_p():
    return trace_json(f"{KERNEL}:compile_stacked_rows_own_p", arch="sm_80")


def test_a_product_keeping_packed_score_rows_through_registers_of_its_own_keeps_them_packed(own_p):
    # P's registers are no view of S's (only their values come from S): O = P V keeps the rows, packed, all the same
    assert labels_of(own_p, "scores")[0] == ["mma-atom-K", "mma-atom", "mma-rest", "mma-rest-K"]
    assert labels_of(own_p, "frag_p")[0] == ["mma-atom-K", "mma-atom", "mma-atom-K", "mma-rest", "mma-rest-K"]
    assert labels_of(own_p, "out")[0] == ["mma-atom-D", "mma-atom", "mma-rest", "mma-rest-D"]


def test_key_rows_filled_from_a_cache_and_new_rows_stay_the_keys(stacked):
    assert labels_of(stacked, "s_y")[0] == ["mma-atom-K", "mma-atom-D"]
