"""Decode kernels whose inputs carry run-time extents only (tests/kernels/decode_head_rows.py): the rows one tile
covers are the heads because the kernel reads one tile of them, and a TMA the host builds with the dialect's op links
its tensor to the host's."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "decode_head_rows.py")


@pytest.fixture(scope="module")
def read_once():
    return trace_json(f"{KERNEL}:compile_rows_read_once", arch="sm_80")


def test_rows_whose_tile_the_kernel_reads_only_at_0_are_the_heads(read_once):
    # no static head count: the rows' tile index is the literal 0 while the block index picks the token
    labels, rules = labels_of(read_once, "x")
    assert labels == ["input-mode-H", "input-mode-D", "input-mode-Q", "input-mode-B"]
    assert rules[0] == "grouped_heads"
    assert labels_of(read_once, "tiles")[0] == ["block-atom-H", "block-atom-D", "block-rest-H", "block-rest-D",
                                                "block-rest-Q", "block-rest-B"]
    assert labels_of(read_once, "sx")[0] == ["mma-atom-H", "mma-atom-D"]
    assert labels_of(read_once, "y")[0] == ["input-mode-K", "input-mode-D"]


def test_rows_whose_tiles_the_block_index_picks_stay_the_queries():
    events = trace_json(f"{KERNEL}:compile_row_tiles_walked", arch="sm_80")
    assert labels_of(events, "x")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]
    assert labels_of(events, "sx")[0] == ["mma-atom-Q", "mma-atom-D"]


def test_a_tma_built_by_the_dialects_op_is_the_host_tensors_modes():
    events = trace_json(f"{KERNEL}:compile_tma_by_op", arch="sm_90a")
    assert labels_of(events, "mat")[0] == ["input-mode-M", "input-mode-N"]
    assert labels_of(events, "src")[0] == ["input-mode-M", "input-mode-N"]
