"""A decode step whose host lays the queries out with their rows inside the KV heads ((n_q, d, (h_k, b)), the
heads' stride n_q * d, computed from run-time extents) packs a KV head's query heads along the MMA's rows: the
rows are heads H, where the keys are laid out as a sequence outside their heads. Keys laid out like the queries
(rows inside the heads too) leave the rows queries, and so do queries laid out token-major whose tile a workspace
laid out head-major receives (a backward pass's accumulator): one input lays the rows out apart from the heads.

Views the host lays out from the same run-time extents, which no data flow names (an output and a statistic written
element by element, lengths read so), take each leaf's axis from the extent it is laid out with: an extent that
lays out leaves of one axis in the named views (a product of them too), none where it lays out two (one length for
queries and keys)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "kv_group_rows.py")


@pytest.fixture(scope="module")
def grouped():
    return trace_json(f"{KERNEL}:compile_grouped_rows", arch="sm_80")


@pytest.fixture(scope="module")
def sequence():
    return trace_json(f"{KERNEL}:compile_sequence_rows", arch="sm_80")


def test_query_rows_inside_the_kv_heads_are_heads(grouped):
    assert labels_of(grouped, "x")[0] == ["input-mode-H", "input-mode-D", "input-mode-H", "input-mode-B"]
    assert labels_of(grouped, "s_x")[0] == ["mma-atom-H", "mma-atom-D"]


@pytest.fixture(scope="module")
def workspace():
    return trace_json(f"{KERNEL}:compile_workspace_rows", arch="sm_80")


def test_rows_a_query_input_lays_out_apart_from_its_heads_stay_queries(workspace):
    assert labels_of(workspace, "x")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]
    assert labels_of(workspace, "ws")[0][:2] == ["input-mode-Q", "input-mode-D"]


def test_the_scores_rows_are_those_heads(grouped):
    assert labels_of(grouped, "scores")[0] == ["mma-atom-K", "mma-atom-H", "mma-rest-H", "mma-rest-K"]


def test_the_keys_stay_keys(grouped):
    assert labels_of(grouped, "y")[0] == ["input-mode-K", "input-mode-D", "input-mode-H", "input-mode-B"]


def test_keys_laid_out_like_the_queries_leave_the_rows_queries(sequence):
    assert labels_of(sequence, "x")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]
    assert labels_of(sequence, "scores")[0] == ["mma-atom-K", "mma-atom-Q", "mma-rest-Q", "mma-rest-K"]


def test_views_laid_out_with_the_named_extents_take_their_axes(grouped):
    assert labels_of(grouped, "written")[0] == ["input-mode-D", "input-mode-H", "input-mode-H", "input-mode-B"]
    assert labels_of(grouped, "lengths")[0] == ["input-mode-B"]


def test_a_product_of_extents_of_one_axis_is_that_axis(grouped):
    assert labels_of(grouped, "head_stats")[0] == ["input-mode-H", "input-mode-B"]


def test_an_extent_of_two_axes_names_nothing(sequence):
    assert labels_of(sequence, "written")[0][:2] == ["input-mode-D", "input-mode"]
    assert labels_of(sequence, "head_stats")[0] == ["input-mode", "input-mode-B"]
    assert labels_of(sequence, "lengths")[0] == ["input-mode"]
