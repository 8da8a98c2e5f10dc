"""A chunked scan's scores (tests/kernels/chunk_scores.py): the rows one tile covers beside a chunk index the block
index picks are the chunk's queries, not heads, where the keys fit one tile too."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "chunk_scores.py")


@pytest.fixture(scope="module")
def chunk_scores():
    return trace_json(f"{KERNEL}:compile_chunk_scores", arch="sm_80")


def test_rows_of_a_chunk_whose_keys_fit_one_tile_are_the_queries(chunk_scores):
    labels, rules = labels_of(chunk_scores, "x")
    assert labels[1] == "input-mode-Q"
    assert rules[1] == "attention"
    assert labels_of(chunk_scores, "sx")[0] == ["mma-atom-Q", "mma-atom-D"]
    assert labels_of(chunk_scores, "scores")[0] == ["mma-atom-K", "mma-atom-Q", "mma-rest-Q", "mma-rest-K"]
    assert labels_of(chunk_scores, "out")[0] == ["mma-atom-D", "mma-atom-Q", "mma-rest-Q", "mma-rest-D"]
