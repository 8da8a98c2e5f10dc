"""Attention products chained through shared memory (mma.sync backward passes): P stored to SMEM by an r2s copy and
read back, straight or through a transposed view, by a second TiledMma whose one B-operand copy partitions two
tensors in turn. The queries and keys stay apart, and each product keeps or contracts the axes its operands say."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "attention_smem.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_through_smem", arch="sm_80")


def test_the_scores_keep_queries_and_keys_apart(events):
    assert labels_of(events, "first")[0] == ["mma-atom-K", "mma-atom-Q", "mma-rest-Q", "mma-rest-K"]
    assert labels_of(events, "sp")[0] == ["mma-atom-Q", "mma-atom-K"]
    assert labels_of(events, "spt")[0] == ["mma-atom-K", "mma-atom-Q"]


def test_a_partition_after_a_retile_of_the_same_copy_is_another_tensors(events):
    # the B copy partitions Y^T, retiles its fragment, then partitions X^T: X^T's rests are (D, Q), not Y^T's (D, K)
    assert labels_of(events, "cols_src")[0][2:] == ["copy-rest-D", "copy-rest-K"]
    assert labels_of(events, "rows_src")[0][2:] == ["copy-rest-D", "copy-rest-Q"]
    assert labels_of(events, "sx")[0] == ["mma-atom-Q", "mma-atom-D"]
    assert labels_of(events, "sy")[0] == ["mma-atom-K", "mma-atom-D"]


def test_each_reader_of_the_scores_keeps_the_axis_its_a_operand_keeps(events):
    assert labels_of(events, "by_rows")[0] == ["mma_thr2-atom-D", "mma_thr2-atom-Q", "mma_thr2-rest-Q", "mma_thr2-rest-D"]
    assert labels_of(events, "by_cols")[0] == ["mma_thr2-atom-D", "mma_thr2-atom-K", "mma_thr2-rest-K", "mma_thr2-rest-D"]


@pytest.fixture(scope="module")
def lone():
    return trace_json(f"{KERNEL}:compile_lone_scores", arch="sm_80")


def test_a_lone_product_named_queries_by_keys_is_attentions_scores(lone):
    labels, rules = labels_of(lone, "acc")
    assert labels == ["mma-atom-K", "mma-atom-Q", "mma-rest-Q", "mma-rest-K"]
    assert rules[2:] == ["hint:scores", "hint:scores"]  # the names decided it, and the JSON says so
    assert labels_of(lone, "tSrQ")[0] == ["mma-atom-D", "mma-atom-Q", "mma-atom-D", "mma-rest-Q", "mma-rest-D"]
    assert labels_of(lone, "sK")[0] == ["mma-atom-K", "mma-atom-D"]


def test_leading_modes_of_a_b_h_s_d_input_are_batch_then_heads(lone):
    assert labels_of(lone, "q")[0] == ["input-mode-B", "input-mode-H", "input-mode-Q", "input-mode-D"]
    assert labels_of(lone, "k")[0] == ["input-mode-B", "input-mode-H", "input-mode-K", "input-mode-D"]


def test_a_lone_product_named_keys_by_queries_is_the_transposed_scores():
    swapped = trace_json(f"{KERNEL}:compile_lone_swapped", arch="sm_80")
    labels, rules = labels_of(swapped, "accT")
    assert labels == ["mma-atom-Q", "mma-atom-K", "mma-rest-K", "mma-rest-Q"]  # S^T = K Q^T: rows are the keys
    assert rules[2:] == ["hint:scores", "hint:scores"]
    assert labels_of(swapped, "sK")[0] == ["mma-atom-K", "mma-atom-D"]


@pytest.fixture(scope="module")
def two_layouts():
    return trace_json(f"{KERNEL}:compile_two_layouts", arch="sm_80")


def test_a_second_layout_of_an_operands_smem_is_the_tiles_its_loads_cut(two_layouts):
    assert labels_of(two_layouts, "ring")[0] == ["mma-atom-M", "mma-atom-K", "stage"]
    # the same storage, tiled ((rows, 16 columns), 1, 4 column tiles, stage): its own modes, at the Block level,
    # each leaf along the axis of the data it holds (the 4 column tiles too, though no mode of `ring` is theirs)
    assert labels_of(two_layouts, "loaded")[0] == ["block-atom-M", "block-atom-K", "block-rest-M", "block-rest-K",
                                                   "stage"]


def test_a_shape_written_from_tensors_modes_takes_their_labels(lone):
    # (rows, 4) with rows = cute.size(tScS.shape[1]): the accumulator's rest along the queries; 4 read from nothing
    assert labels_of(lone, "per_row")[0] == ["mma-rest-Q", "?"]
    # (tSsQ.shape[0][1], cute.size(tSsQ, mode=[2])): the A atom's second leaf (a query row) and the k-blocks (D)
    assert labels_of(lone, "pred")[0] == ["mma-atom-Q", "mma-rest-D"]


def test_an_operand_fragments_load_view_keeps_the_fragments_leaves(events):
    # ldmatrix.trans's retile of the B fragment ((2,2),8,4): its 4 values (stride 1) are the atom's (2,2) keys
    assert labels_of(events, "cols_view")[0][0] == "mma_thr2-atom-K"
    assert labels_of(events, "rows_view")[0][0] == "mma_thr2-atom-Q"
    assert labels_of(events, "rows_view")[0][3:] == ["mma_thr2-rest-D", "mma_thr2-rest-Q"]


def test_a_calls_own_guess_is_no_name_that_calls_the_scores_a_gemm():
    # NSA top-k's `logical_divide(tStS, (128, 32))` over the accumulator's nested atom guesses (M, N) by itself,
    # recorded as `hint:name` on the rows; only what a name says may keep `hint:scores` from firing
    from types import SimpleNamespace

    from cute_inspect.trace import flow
    from cute_inspect.trace.axes import Axes
    from cute_inspect.trace.levels import ModeLabel

    axes = Axes()
    rows = ModeLabel("mma", "atom", "Q", origin=0, axis_rule="hint:name", var=1)
    guessed = ModeLabel("epi", "rest", "M", origin=1, axis_rule="hint:name", var=1)
    suffixed = ModeLabel("input", "mode", "M", origin=2, axis_rule="hint:name", var=2)
    records = [SimpleNamespace(names=("sQ",), levels=((rows,),)),
               SimpleNamespace(names=("tStS_tiled",), levels=((guessed,),)),
               SimpleNamespace(names=("mA_mk",), levels=((suffixed,),))]
    hinted = flow._hinted(axes, records)
    assert hinted[axes.find(1)] == {"Q"}
    assert hinted[axes.find(2)] == {"M"}


def test_a_product_contracting_what_names_call_queries_is_no_score():
    # scores contract the head dim: an SSD's product over the chunk's positions (hinted Q) is another product
    from cute_inspect.trace.axes import Axes

    scores = {"M": 1, "N": 2, "K": 3}
    assert Axes._named_scores(scores, {1: {"Q"}, 2: {"K"}, 3: {"D"}})
    assert not Axes._named_scores(scores, {1: {"Q"}, 2: {"K"}, 3: {"Q", "N"}})
