"""Rows of a workspace that pack (chunk, head, token), selected by `chunk * heads + h` with h the index that
selects another tensor's heads: the workspace's rows and its tiles' rest run along no axis; a tile's 16 rows stay
keys, and the queries' heads stay heads."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "packed_head_rows.py")


@pytest.fixture(scope="module")
def packed():
    return trace_json(f"{KERNEL}:compile_packed_head_rows", arch="sm_80")


def test_rows_packing_chunks_and_heads_run_along_no_axis(packed):
    assert labels_of(packed, "keys")[0] == ["input-mode", "input-mode-D"]
    assert labels_of(packed, "values")[0] == ["input-mode-D", "input-mode"]


def test_a_tiles_rows_stay_keys_and_its_packed_rest_runs_along_none(packed):
    assert labels_of(packed, "key_tiles")[0] == ["block-atom-K", "block-atom-D", "block-rest"]
    assert labels_of(packed, "value_tiles")[0] == ["block-atom-D", "block-atom-K", "block-rest"]


def test_the_heads_the_inner_term_selects_stay_heads(packed):
    assert labels_of(packed, "queries")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]


def test_one_packed_row_tiled_by_one_runs_along_no_axis(packed):
    # a (1, 64) tile of a per-(chunk, head) gate row: its size-1 atom is one packed row, its rest the packed index
    atom, _, rest = labels_of(packed, "gate_tiles")[0]
    assert (atom, rest) == ("block-atom", "block-rest")
    assert labels_of(packed, "gates")[0][0] == "input-mode"
