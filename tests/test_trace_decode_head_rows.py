"""Decode kernels whose inputs carry run-time extents only (tests/kernels/decode_head_rows.py): the rows one tile
covers are the heads because the kernel reads one tile of them, and a TMA the host builds with the dialect's op links
its tensor to the host's."""

import os

import pytest

from _cli import ROOT, first_labels_of, labels_of, trace_json

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


@pytest.fixture(scope="module")
def split_decode():
    return trace_json(f"{KERNEL}:compile_split_decode", arch="sm_80")


def test_partials_laid_out_from_the_outputs_extents_and_one_more_are_split_over_the_keys(split_decode):
    # acc_o (o.shape[0], splits, o.shape[1], o.shape[2], o.shape[3]) and acc_lse (o.shape[0], splits, o.shape[2],
    # o.shape[3]), read by the kernel that writes o: the split count's mode is a rest along the keys
    # (the host's views, traced first; the kernels' parameters are those views)
    assert first_labels_of(split_decode, "acc_o") == ["input-mode-H", "input-mode-K", "input-mode-D", "input-mode-Q",
                                                     "input-mode-B"]
    assert first_labels_of(split_decode, "acc_lse") == ["input-mode-H", "input-mode-K", "input-mode-Q", "input-mode-B"]


def test_the_output_and_the_lse_tile_take_the_axes_of_the_extents_they_are_laid_out_with(split_decode):
    assert labels_of(split_decode, "o")[0] == ["input-mode-H", "input-mode-D", "input-mode-Q", "input-mode-B"]
    # a (rows, 1, 1) tile of the LSE by a proj tiler no MMA shares names no GEMM axis (M, N, K)
    assert labels_of(split_decode, "g_lse")[0] == ["block-atom-H", "block-atom-Q", "block-atom-B"]
