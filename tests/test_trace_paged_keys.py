"""A paged KV cache's page mode, selected by an entry of a page table, holds pages of keys (K), not a batch (one leaf
packing pages and heads holds neither axis); a batch the CTA's own index selects stays the batch."""

import os

import pytest

from _cli import ROOT, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "paged_keys.py")


@pytest.fixture(scope="module")
def grouped():
    return trace_json(f"{KERNEL}:compile_grouped_pages", arch="sm_80")


@pytest.fixture(scope="module")
def flat():
    return trace_json(f"{KERNEL}:compile_flat_pages", arch="sm_80")


def test_grouped_heads_and_pages_looked_up_under_an_if_are_heads_and_keys(grouped):
    assert labels_of(grouped, "y")[0] == ["input-mode-K", "input-mode-D", "input-mode-H", "input-mode-K"]
    assert labels_of(grouped, "v")[0] == ["input-mode-D", "input-mode-K", "input-mode-H", "input-mode-K"]


def test_the_page_tables_mode_a_loop_walks_runs_along_the_keys(grouped, flat):
    assert labels_of(grouped, "table")[0] == ["input-mode", "input-mode-K"]
    assert labels_of(flat, "pages")[0] == ["input-mode-K"]


def test_grouped_heads_and_batch_the_block_index_selects_stay_the_batch(grouped):
    assert labels_of(grouped, "x")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]


def test_a_pages_mode_selected_by_a_page_list_entry_is_the_keys(flat):
    assert labels_of(flat, "y")[0] == ["input-mode-K", "input-mode-D", "input-mode-H", "input-mode-K"]
    assert labels_of(flat, "queries")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]


def test_a_grouped_mode_selected_leaf_by_leaf_by_a_nested_coordinate_holds_pages_of_keys():
    # `y[None, None, (h, page)]`: the outer leaf's index read out of the block table, as `((h_r, h_kv), page)` TMA
    # partitions of a paged cache are sliced; the queries' `(h, b)` by the CTA's own index stay (heads, batch)
    events = trace_json(f"{KERNEL}:compile_nested_pages", arch="sm_80")
    assert labels_of(events, "y")[0] == ["input-mode-K", "input-mode-D", "input-mode-H", "input-mode-K"]
    assert labels_of(events, "v")[0] == ["input-mode-D", "input-mode-K", "input-mode-H", "input-mode-K"]
    assert labels_of(events, "x")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]


def test_a_varlen_querys_outer_head_leaf_counted_as_the_caches_kv_heads_is_heads():
    # queries (tokens, d, (h_r, kv_heads)) with the batch in the tokens: `_batch` guesses the outer leaf the batch;
    # the run-time extent laying it out lays out the paged caches' KV-head leaf: heads
    events = trace_json(f"{KERNEL}:compile_varlen_pages", arch="sm_80")
    assert labels_of(events, "x")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-H"]
    assert labels_of(events, "y")[0] == ["input-mode-K", "input-mode-D", "input-mode-H", "input-mode-H",
                                         "input-mode-K"]


@pytest.fixture(scope="module")
def packed():
    return trace_json(f"{KERNEL}:compile_packed_pages", arch="sm_80")


def test_one_leaf_selected_by_page_times_heads_plus_head_packs_both_and_runs_along_none(packed):
    # `page * heads + h` into a (1, heads * pages) mode: no leaf of its own holds the heads; V's grouped
    # (heads, pages) mode, selected by `h + heads * page`, keeps its heads and keys
    assert labels_of(packed, "y")[0] == ["input-mode-K", "input-mode-D", "input-mode", "input-mode"]
    assert labels_of(packed, "v")[0] == ["input-mode-D", "input-mode-K", "input-mode-H", "input-mode-K"]


def test_page_ids_staged_in_registers_walk_the_tables_pages_mode():
    # `ids[i] = column[2 * blk + i]` of `column = table[None, b]`, then `ids[1]` selects the pages: the table's
    # mode the registers were filled from runs along the keys, and so does the registers' mode
    events = trace_json(f"{KERNEL}:compile_staged_pages", arch="sm_80")
    assert first_labels_of(events, "table") == ["input-mode-K", "input-mode-B"]
    assert labels_of(events, "ids")[0] == ["input-mode-K"]
    assert labels_of(events, "y")[0] == ["input-mode-K", "input-mode-D", "input-mode-H", "input-mode-K"]
