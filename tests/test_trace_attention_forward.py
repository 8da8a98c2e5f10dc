"""An mma.sync attention forward pass written the way sparse and decode kernels write it (tests/kernels/
attention_forward.py): S = Q K^T and O = P V keep their axes whatever the branches the kernel's tensors pass."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "attention_forward.py")


@pytest.fixture(scope="module")
def in_branch():
    return trace_json(f"{KERNEL}:compile_output_in_branch", arch="sm_80")


def test_an_output_written_in_branches_is_not_the_query_input_of_its_type(in_branch):
    # the output's element writes went to the query input (the latest tensor of its type), so O's values reached
    # S's A operand: O was read as a second score product, (queries, keys), and V as (keys, keys)
    assert labels_of(in_branch, "second")[0][2:] == ["mma-rest-Q", "mma-rest-D"]
    assert labels_of(in_branch, "fzt")[0][2:] == ["mma-rest-D", "mma-rest-K"]
    assert labels_of(in_branch, "x")[0] == ["input-mode-Q", "input-mode-D"]
    assert labels_of(in_branch, "first")[0][2:] == ["mma-rest-Q", "mma-rest-K"]


@pytest.fixture(scope="module")
def rows_copied():
    return trace_json(f"{KERNEL}:compile_rows_copied", arch="sm_80")


def test_a_copy_pairs_the_partitions_it_copies_between(rows_copied):
    # the copy partitions sy, sx, coordinates, gy, gx in that order: gy's source partition pairs with no
    # destination partition by order, only by the copies that read it into sy's
    assert labels_of(rows_copied, "gy")[0] == ["block-atom-N", "block-atom-K", "block-rest-N"]
    assert labels_of(rows_copied, "gx")[0] == ["block-atom-M", "block-atom-K", "block-rest-M"]
    assert labels_of(rows_copied, "from_gy")[0][2:4] == ["copy-rest-N", "copy-rest-K"]


@pytest.fixture(scope="module")
def packed():
    return trace_json(f"{KERNEL}:compile_packed_rows", arch="sm_80")


def test_rows_gathered_from_tokens_and_heads_run_along_neither(packed):
    # row m holds token m // G's head kv_head * G + m % G: the MMA's rows pack queries and heads
    labels, rules = labels_of(packed, "first")
    assert labels == ["mma-atom-K", "mma-atom", "mma-rest", "mma-rest-K"]
    assert labels_of(packed, "second")[0] == ["mma-atom-D", "mma-atom", "mma-rest", "mma-rest-D"]
    assert labels_of(packed, "sx")[0] == ["mma-atom", "mma-atom-D"]
    # the input's quotient mode is the queries, its remainder mode the heads (the inner, as in a packed layout)
    labels, rules = labels_of(packed, "x")
    assert labels == ["input-mode-Q", "input-mode-H", "input-mode-D"]
    assert rules[:2] == ["gather", "gather"]


def test_rows_gathered_from_one_tokens_heads_are_the_heads():
    events = trace_json(f"{KERNEL}:compile_head_rows", arch="sm_80")
    labels, rules = labels_of(events, "first")
    assert labels == ["mma-atom-K", "mma-atom-H", "mma-rest-H", "mma-rest-K"]
    assert rules[2] == "gather"
    assert labels_of(events, "sx")[0] == ["mma-atom-H", "mma-atom-D"]
    assert labels_of(events, "x")[0] == ["input-mode-Q", "input-mode-H", "input-mode-D"]


def test_a_tile_at_a_coordinate_from_the_thread_index_is_a_copy_atom(packed):
    # one event per unrolled step: each is this thread's 8 head-dim elements
    pieces = [e for e in packed if "piece" in e["names"]]
    assert pieces and all(e["leaf_labels"][0] == ["copy-atom-D"] for e in pieces)


def test_registers_a_chunk_is_copied_from_are_the_copys_atom(packed):
    staged = [e for e in packed if "staged" in e["names"]]
    assert staged and all(e["leaf_labels"][0] == ["copy-atom-D"] for e in staged)


def test_coordinates_of_a_products_tile_belong_to_the_product_of_that_shape():
    events = trace_json(f"{KERNEL}:compile_output_coordinates", arch="sm_80")
    assert labels_of(events, "score_coords")[0][2:] == ["mma-rest-Q", "mma-rest-K"]
    assert labels_of(events, "output_coords")[0][2:] == ["mma-rest-Q", "mma-rest-D"]


def test_a_buffer_filled_at_a_remainder_of_its_first_extent_is_staged_there():
    events = trace_json(f"{KERNEL}:compile_ring", arch="sm_80")
    assert labels_of(events, "ring")[0] == ["stage", "mma-atom-N", "mma-atom-K"]


def test_a_row_statistic_partitioned_as_the_accumulator_keeps_rows_and_columns_apart():
    # the (rows, 1) tile's size-1 rest runs along the rows: joined to the columns the partition gives it, S's
    # queries and keys were one axis
    events = trace_json(f"{KERNEL}:compile_row_statistics", arch="sm_80")
    assert labels_of(events, "first")[0] == ["mma-atom-K", "mma-atom-Q", "mma-rest-Q", "mma-rest-K"]
    assert labels_of(events, "sy")[0] == ["mma-atom-K", "mma-atom-D"]
    assert labels_of(events, "per_thread")[0][2:] == ["mma-rest-Q", "mma-rest-K"]
    assert labels_of(events, "row_tiles")[0] == ["block-atom-Q", "block-rest-Q"]


def test_rows_one_tile_covers_while_the_token_is_picked_at_run_time_are_the_heads():
    # a 64-head mode tiled whole at (0, 0) while the block index picks the token: one query token per CTA, its
    # heads along the rows (the batch rule alone read the rows as the queries and the token mode as heads)
    events = trace_json(f"{KERNEL}:compile_token_heads", arch="sm_80")
    labels, rules = labels_of(events, "x")
    assert labels == ["input-mode-H", "input-mode-D", "input-mode-Q", "input-mode-B"]
    assert rules[0] == "grouped_heads"
    assert labels_of(events, "first")[0] == ["mma-atom-K", "mma-atom-H", "mma-rest-H", "mma-rest-K"]
    assert labels_of(events, "sx")[0] == ["mma-atom-H", "mma-atom-D"]
    assert labels_of(events, "y")[0] == ["input-mode-K", "input-mode-D"]
