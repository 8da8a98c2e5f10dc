"""A lone MMA of an attention backward (no other MMA feeds or reads it) whose accumulator's names call it a
gradient's tile takes attention axes from them (`axes.Axes._named_result`, `flow._hinted_with_results`): dQ's rows
are queries, dK's keys, their columns the head dim, and the product contracts the other sequence; with those the
(batch, seqlen, heads, head dim) output's other modes are its batch and heads, and a kernel parameter the same
block indices slice (the flat fp32 accumulator) takes them too (`flow._heads_by_one_index`)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "gradient_tiles.py")


@pytest.fixture(scope="module")
def finalize():
    return trace_json(f"{KERNEL}:compile_finalize", arch="sm_100a")


@pytest.fixture(scope="module")
def dk():
    return trace_json(f"{KERNEL}:compile_dk", arch="sm_100a")


def test_an_unissued_mmas_gradient_tile_is_queries_by_head_dim(finalize):
    assert labels_of(finalize, "tdQtdQ")[0] == ["mma-atom-Q", "mma-atom-D", "mma-rest-Q", "mma-rest-D"]
    assert labels_of(finalize, "gdQ")[0] == ["block-atom-Q", "block-atom-D"]
    assert labels_of(finalize, "cdQ")[0] == ["coord-mode-Q", "coord-mode-D"]
    assert labels_of(finalize, "tQgdQ")[0][2:] == ["store-rest-Q", "store-rest-D"]


def test_the_outputs_other_modes_are_batch_and_heads(finalize):
    assert labels_of(finalize, "mdQ")[0] == ["input-mode-B", "input-mode-Q", "input-mode-H", "input-mode-D"]


def test_a_parameter_sliced_by_the_same_block_indices_takes_its_batch_and_heads(finalize):
    # the flat mode mixes queries and head dim: no axis
    assert labels_of(finalize, "mdQaccum")[0] == ["input-mode-B", "input-mode-H", "input-mode"]


def test_a_lone_dk_product_keeps_the_keys_and_contracts_the_queries(dk):
    assert labels_of(dk, "tdKtdK")[0] == ["mma-atom-K", "mma-atom-D", "mma-rest-K", "mma-rest-D"]
    assert labels_of(dk, "tdKrdSt")[0][1:3] == ["mma-rest-K", "mma-rest-Q"]
    assert labels_of(dk, "tdKrQt")[0][1:3] == ["mma-rest-D", "mma-rest-Q"]
    assert labels_of(dk, "mdK")[0] == ["input-mode-B", "input-mode-K", "input-mode-H", "input-mode-D"]


def test_which_names_are_a_gradients_tile():
    from cute_inspect.trace.levels import gradient_rows

    assert [gradient_rows(n) for n in ("mdQ", "sdQ", "tdQtdQ", "tdQsdQ_r2s", "mdQv", "tdQvtdQv", "gdO")] == ["Q"] * 7
    assert [gradient_rows(n) for n in ("mdK", "tdKVsdKV_r2s", "sdV")] == ["K"] * 3
    # a flat fp32 accumulator, a transposed view, scores' gradients and plain operands are none
    assert [gradient_rows(n) for n in ("gdQaccum", "sdQt", "sdS", "tdPtdP", "sQ", "mdPsum", None)] == [None] * 7
