"""TMEM views of an accumulator in its own layout, cut to fewer columns: chunks within its columns are the
epilogue's divide, views reaching past them are regions of their own in the MMA's form
(tests/kernels/tmem_row_views.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "tmem_row_views.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_views", arch="sm_100a")


def test_chunks_within_the_accumulators_columns_are_epilogue_tiles(events):
    for name in ("near", "far"):
        assert labels_of(events, name)[0][0].startswith("epi-atom"), name


def test_views_past_the_accumulators_columns_keep_the_mma_form(events):
    # (rows, 2) at columns 0 and 128 of a 128-column accumulator: a statistics region per stage, no divide of it
    for name in ("stats0", "stats1"):
        assert [label.split("-")[0] for label in labels_of(events, name)[0]] == ["mma", "mma"], name


def test_a_copy_partition_relaid_whole_at_an_offset_keeps_its_modes(events):
    # size-1 leaves included, which no stride tells apart
    assert labels_of(events, "ahead")[0] == labels_of(events, "part")[0]
