"""Kernels with no MMA over attention tensors whose rows the host packs (tests/kernels/head_rows.py): a kernel object
built for a head dim is attention (its columns D, its rows no axis), a tile a TiledCopy partitions is the block tile,
a thread's channel groups picked from a divide are its copy (written out: its store), a register window holds the
vectors stored into it, and a pipeline ring's stage mode stays a stage through a divide."""

import os

import pytest

from _cli import ROOT, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "head_rows.py")


def _trace(entry):
    return trace_json(f"{KERNEL}:{entry}", arch="sm_90a")


def test_a_kernel_built_for_a_head_dim_is_attention():
    # `__init__(self, head_dim)`: the columns are the head dim D; the rows, packed by the host, no axis (`?`)
    events = _trace("compile_merge_rows")
    assert labels_of(events, "out") == (["input-mode", "input-mode-D"], ["input.mode", "name.attention"])
    assert labels_of(events, "t_a")[0] == ["copy-atom-D", "copy-atom", "copy-rest-D"]
    assert labels_of(events, "t_out")[0] == ["store-atom-D", "store-atom", "store-rest-D"]


def test_a_kernel_taking_a_head_count_is_attention():
    # `def kernel(..., num_heads: Int32)` (flat (batch, head) rows indexed by hand): attention, whatever it was built for
    events = _trace("compile_merge_per_head")
    assert labels_of(events, "out") == (["input-mode", "input-mode-D"], ["input.mode", "name.attention"])
    assert labels_of(events, "t_out")[0] == ["store-atom-D", "store-atom", "store-rest-D"]


@pytest.mark.parametrize("entry", ["compile_merge_hidden", "compile_merge_across_heads"])
def test_a_kernel_built_for_hidden_keeps_rows_and_columns(entry):
    # built for `hidden`, or for a head dim the kernel reads itself (rows across heads): (rows M, columns N)
    events = _trace(entry)
    assert labels_of(events, "out")[0] == ["input-mode-M", "input-mode-N"]
    assert labels_of(events, "t_out")[0] == ["store-atom-N", "store-atom", "store-rest-N"]


def test_a_row_tile_a_tiled_copy_partitions_is_the_block_tile():
    # `local_tile(out, (1, D), (row, 0))` at a row computed from the thread index, then partitioned by a TiledCopy
    # among the row's threads: the tile the threads share (block), the partition the copy's atom
    for entry in ("compile_merge_rows", "compile_merge_hidden"):
        events = _trace(entry)
        for name in ("g_out", "g_a", "g_b"):
            assert [label.split("-")[:2] for label in labels_of(events, name)[0]] == [["block", "atom"]] * 2


def test_the_row_a_slice_keeps_is_the_head_dim():
    # `x[p_id, s_id, n_id, None]`: every mode but the last picked by a run-time index that names no dimension
    events = _trace("compile_rows_of_heads")
    assert labels_of(events, "x")[0] == ["input-mode", "input-mode", "input-mode", "input-mode-D"]
    assert labels_of(events, "t_x")[0] == ["copy-atom-D", "copy-atom", "copy-rest-D"]
    assert labels_of(events, "t_out")[0] == ["store-atom-D", "store-atom", "store-rest-D"]


def test_channel_groups_picked_per_thread_are_its_copy():
    # `zipped_divide(x, (1, 2))[((0, None), (t, tidx))]`: the thread's vector (copy); the output's groups only
    # stored into are the write-out (store), and so are the zero fill's registers stored there
    events = _trace("compile_channel_groups")
    assert labels_of(events, "x_groups")[0] == ["copy-atom-M", "copy-atom-N", "copy-rest-M", "copy-rest-N"]
    assert labels_of(events, "out_groups")[0] == ["store-atom-M", "store-atom-N", "store-rest-M", "store-rest-N"]
    assert labels_of(events, "padding")[0] == ["store-atom-N"]
    # each window column stored from one channel vector: its first mode runs along the channels
    assert labels_of(events, "window")[0][0] == "copy-atom-N"


def test_a_ring_divided_by_thread_chunks_keeps_its_stages():
    events = _trace("compile_staged_groups")
    labels = first_labels_of(events, "ring_groups")
    assert labels[2] == labels[5] == "stage"
    assert labels[0].startswith("copy-atom") and labels[3].startswith("copy-rest")


def test_a_tiles_second_columns_mode_is_no_axis():
    # `local_tile(weight, (2, 4), (channel_group, 0))` of a weight whose first mode its reads index by `channel` (the
    # columns, rule name.dims): the tiler's columns position, the filter taps, is not a second columns mode
    events = _trace("compile_channel_taps")
    assert labels_of(events, "weight")[0] == ["input-mode-N", "input-mode"]
    assert labels_of(events, "weight_tile")[0] == ["copy-atom-N", "copy-atom"]


def test_tokens_of_a_tensor_both_sides_read_are_no_axis():
    # `gate[batch, token, head, None]`: a gate both queries and keys read; `q[...]` the same indices: the queries
    events = _trace("compile_token_gate")
    assert labels_of(events, "gate")[0] == ["input-mode-B", "input-mode", "input-mode-H", "input-mode-D"]
    assert labels_of(events, "q")[0] == ["input-mode-B", "input-mode-Q", "input-mode-H", "input-mode-D"]
