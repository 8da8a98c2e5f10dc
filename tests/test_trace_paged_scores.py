"""One product over pages of keys and nothing after it (an indexer's logits) is attention scores, not a GEMM: the paged
operand's rows are the keys, the other's the queries (one sequence's heads, when one tile covers them whole), the
contracted axis the head dim. A page id shuffled from the lane that read it is still a page id; a field of a work
list (`work[cta, 0]`) is no page; a view laying a page record's values out as (tokens, d) gives each its own axis."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "paged_scores.py")


@pytest.fixture(scope="module")
def paged():
    return trace_json(f"{KERNEL}:compile_paged_scores", arch="sm_80")


def test_a_record_viewed_as_a_page_of_keys_runs_along_keys_and_head_dim(paged):
    # the page ids come from a shuffle of the table's entries; the (tokens, d) modes split one record leaf
    assert labels_of(paged, "values")[0] == ["input-mode-K", "input-mode-D", "input-mode-K"]
    # the record's bytes pack tokens, head dim and scales: no one axis
    assert labels_of(paged, "cache")[0] == ["input-mode-K", "input-mode"]


def test_the_lone_product_over_pages_is_scores_keys_by_heads(paged):
    assert labels_of(paged, "s_y")[0] == ["mma-atom-K", "mma-atom-D"]
    assert labels_of(paged, "logits")[0] == ["mma-atom-K", "mma-atom-H", "mma-rest-H", "mma-rest-K"]


def test_one_sequences_rows_a_tile_covers_whole_are_heads_and_the_work_list_picks_the_batch(paged):
    assert labels_of(paged, "queries")[0] == ["input-mode-H", "input-mode-D", "input-mode-B"]
    assert labels_of(paged, "heads")[0] == ["block-atom-H", "block-atom-D"]
