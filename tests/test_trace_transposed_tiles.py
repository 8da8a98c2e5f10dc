"""A tile transpose with no MMA (tests/kernels/transposed_tiles.py): which output mode runs along which input mode
comes from the block indices the tiles are cut at and the swapped element indices, not from the tiler's look or
any name; the SMEM side of the output's copy is Store."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "transposed_tiles.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_transpose", arch="sm_80")


def test_a_tile_cut_by_a_reversed_tiler_at_reversed_block_indices_runs_the_other_way(events):
    # `local_tile(dst, TILE[::-1], (by, bx))` beside `local_tile(src, TILE, (bx, by))`: equal extents, so only the
    # indices say that dst's rows are src's columns
    src, = labels_of(events, "tile_in")[:1]
    out, = labels_of(events, "tile_out")[:1]
    assert src == ["block-atom-M", "block-atom-N"]
    assert out == ["block-atom-N", "block-atom-M"]


def test_the_quotient_and_remainder_of_a_flat_index_are_a_row_and_a_column_not_a_ring_slot(events):
    assert labels_of(events, "staged")[0] == ["block-atom-M", "block-atom-N"]
    assert labels_of(events, "flipped")[0] == ["block-atom-N", "block-atom-M"]


def test_the_smem_partition_a_write_out_reads_is_store(events):
    assert [label.split("-")[0] for label in labels_of(events, "read_out")[0]] == ["store"] * 4
    assert [label.split("-")[0] for label in labels_of(events, "written")[0]] == ["store"] * 4
