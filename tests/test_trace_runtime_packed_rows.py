"""Query rows packing a KV head's group of heads, laid out from run-time 64-bit strides (tests/kernels/
runtime_packed_rows.py): the leaf the KV heads' stride continues is the heads, whatever the sizes; a buffer the MMA
reads through a whole-buffer tile of it is the operand (`mma`), and a tensor laid over its memory that stages O out is
the epilogue's (`epi`) without making the operand one; views by `cute.select` and by another tensor's run-time
strides keep that tensor's modes."""

import os

import pytest

from _cli import ROOT, first_labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "runtime_packed_rows.py")


@pytest.fixture(scope="module")
def packed():
    return trace_json(f"{KERNEL}:compile_runtime_packed_rows", arch="sm_80")


def test_the_packed_modes_leaf_the_kv_heads_stride_continues_is_the_heads(packed):
    # ((4, s), d, KV heads, b) over strides ((h, s), 1, h * 4, b), every stride a run-time i64: no size to compare
    assert first_labels_of(packed, "packed") == ["input-mode-H", "input-mode-Q", "input-mode-D", "input-mode-H",
                                                 "input-mode-B"]
    assert first_labels_of(packed, "tile") == ["block-atom-H", "block-atom-Q", "block-atom-D"]


def test_rows_merging_the_packed_heads_and_queries_run_along_no_axis(packed):
    # the products' rows hold 16 queries' four heads: no single axis (a label with no axis)
    rows = [label for label in first_labels_of(packed, "scores") if label.startswith("mma-atom")]
    assert "mma-atom" in rows and not any(label.endswith("-Q") for label in first_labels_of(packed, "scores"))


def test_a_buffer_read_through_a_tile_of_it_is_the_operand_not_the_staging_buffer(packed):
    assert [label.split("-")[0] for label in first_labels_of(packed, "s_rows")] == ["mma", "mma"]
    assert [label.split("-")[0] for label in first_labels_of(packed, "whole")] == ["mma", "mma"]
    assert [label.split("-")[0] for label in first_labels_of(packed, "s_out")] == ["epi", "epi"]


def test_a_select_view_keeps_its_sources_modes_in_the_selected_order(packed):
    # keys (b, s, h, d) viewed (s, d, h, b) by `cute.select`: run-time strides print alike, the select says the order
    assert first_labels_of(packed, "keys_by_rows") == ["input-mode-K", "input-mode-D", "input-mode-H",
                                                       "input-mode-B"]
    # (b, s, h, d): the heads and batch by the data flow, not the first unnamed mode taken for the heads
    assert first_labels_of(packed, "keys_aligned") == ["input-mode-B", "input-mode-K", "input-mode-H",
                                                       "input-mode-D"]


def test_the_modes_a_packed_leaf_steps_take_its_letter(packed):
    # `packed` lays ((4, s), d, h_k, b) out from by_rows' strides: its Q leaf steps by_rows' rows, its H leaf the heads
    assert first_labels_of(packed, "by_rows") == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]
    assert first_labels_of(packed, "aligned") == ["input-mode-B", "input-mode-Q", "input-mode-H", "input-mode-D"]
