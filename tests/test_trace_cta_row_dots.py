"""Dot products of x's rows with the one row of w each CTA picks by its block index (tests/kernels/cta_row_dots.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "cta_row_dots.py")


@pytest.fixture(scope="module")
def dots():
    return trace_json(f"{KERNEL}:compile_cta_row_dots", arch="sm_90a")


def test_a_contraction_whose_right_factor_shows_no_rows_still_names_k_and_the_left_rows_m(dots):
    # wregs holds the vector of w's picked row alone: the products still contract K, x's rows are M, w's rows
    # (the rows of the one tensor the copies filling wregs read) N
    assert labels_of(dots, "x")[0] == ["input-mode-M", "input-mode-K"]
    assert labels_of(dots, "w")[0] == ["input-mode-N", "input-mode-K"]
    assert labels_of(dots, "wregs")[0] == ["copy-rest-K", "copy-atom-K"]
    assert labels_of(dots, "sums")[0] == ["block-atom-M", "block-rest-K"]


def test_rows_a_thread_partition_leaves_whole_of_an_input_are_the_copys_rests(dots):
    assert labels_of(dots, "vecs")[0] == ["copy-rest-M", "copy-atom-K", "copy-rest-K"]
    assert labels_of(dots, "dealt")[0] == ["copy-rest-M", "copy-atom-K", "copy-atom-K", "copy-rest-K"]


def test_a_tiles_row_the_cta_picks_by_its_block_index_is_a_rest_and_its_vectors_the_threads_copy(dots):
    # `wdealt[n, (None, (tidx, None))]`, n the block index
    assert labels_of(dots, "wdealt")[0] == ["block-rest-N", "copy-atom-K", "copy-atom-K", "copy-rest-K"]
    assert labels_of(dots, "wvecs")[0] == ["block-rest-N", "copy-atom-K", "copy-rest-K"]
