"""Queries packed with a KV head's group of heads and loaded by TMA through that packing (tests/kernels/
packed_group_rows.py): the coordinate tensor's packed mode is heads then queries; tiles that keep them apart do too;
rows that merge them (an SMEM tile's (8, 8), the products' rows) run along no single axis."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "packed_group_rows.py")


@pytest.fixture(scope="module")
def packed():
    return trace_json(f"{KERNEL}:compile_packed_group_rows", arch="sm_90a")


def test_a_tma_coordinate_tensors_packed_mode_is_heads_then_queries(packed):
    # ((4, s), d, KV heads, b) with coordinate strides ((1@1, 1@2), ...): the heads' TMA dimension is the inner one
    assert labels_of(packed, "queries")[0] == ["coord-mode-H", "coord-mode-Q", "coord-mode-D", "coord-mode-H",
                                               "coord-mode-B"]
    assert labels_of(packed, "tile")[0] == ["block-atom-H", "block-atom-Q", "block-atom-D"]


def test_rows_that_merge_the_packed_heads_and_queries_run_along_no_axis(packed):
    # the SMEM tile's rows (8, 8) hold two queries' four heads in each 8: not the (4, 16) the tile keeps apart
    assert labels_of(packed, "s_rows")[0][:2] == ["mma-atom", "mma-atom"]
    assert labels_of(packed, "scores")[0][:3] == ["mma-atom-K", "mma-atom", "mma-rest"]
