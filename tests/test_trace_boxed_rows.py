"""Query rows an MMA tiles in more rows than the static input mode they are copied from holds (16 rows filled by
boxes of 8 heads) pack that mode with another and run along no axis; rows a whole input mode fills stay queries, also
where a one-element view of a per-row scale, moved into an SMEM vector along the rows, shares their class."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "boxed_query_rows.py")


@pytest.fixture(scope="module")
def boxed():
    return trace_json(f"{KERNEL}:compile_boxed_rows", arch="sm_80")


@pytest.fixture(scope="module")
def whole():
    return trace_json(f"{KERNEL}:compile_whole_rows", arch="sm_80")


def test_rows_filled_by_boxes_smaller_than_the_tile_run_along_no_axis(boxed):
    assert labels_of(boxed, "s_x")[0] == ["mma-atom", "mma-atom-D"]
    assert labels_of(boxed, "scores")[0] == ["mma-atom-K", "mma-atom", "mma-rest", "mma-rest-K"]
    assert labels_of(boxed, "out")[0] == ["mma-atom-D", "mma-atom", "mma-rest", "mma-rest-D"]
    assert labels_of(boxed, "s_y")[0] == ["mma-atom-K", "mma-atom-D"]


def test_rows_one_input_mode_fills_whole_stay_the_queries(whole):
    assert labels_of(whole, "s_x")[0] == ["mma-atom-Q", "mma-atom-D"]
    assert labels_of(whole, "scores")[0] == ["mma-atom-K", "mma-atom-Q", "mma-rest-Q", "mma-rest-K"]


def test_a_one_element_view_of_a_row_scale_packs_no_rows():
    # `make_tensor(scales.iterator + row, (1,))` copied into the row's slot of an SMEM vector read at the scores'
    # row coordinates: its one element is one query row, fewer than the MMA's 16 but no mode the rows were packed from
    events = trace_json(f"{KERNEL}:compile_row_scales", arch="sm_80")
    assert labels_of(events, "word")[0] == ["input-mode-Q"]
    assert labels_of(events, "queries")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H"]
    assert labels_of(events, "scores")[0] == ["mma-atom-K", "mma-atom-Q", "mma-rest-Q", "mma-rest-K"]
