"""A 32x32b TMEM load gives thread t the accumulator's row t: registers holding those values and copied by a tiled
copy of one thread per row write the accumulator's rows into the rows of the tile they write
(`flow._rows_by_thread`); the load's atom of 32 columns runs along the accumulator's N as a mode too, so the values
re-laid in the store's shape carry N into the tile's columns (`flow._atoms_along_one_axis`); a tile of a nested
mode whose leaves are one axis variable (`(128, 1)` rows of a divide) runs along it (`levels._lone_leaf`); a
`local_tile` of a tile along the accumulator's two axes is an epilogue subtile, as such a divide is
(`flow._subtile`); registers viewed in a store partition's shape repeat its atom in their rests
(`tracer._repeats_of_atom`)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "thread_rows.py")


@pytest.fixture(scope="module")
def traced():
    return trace_json(f"{KERNEL}:compile_thread_rows", arch="sm_100a")


def test_the_staged_tiles_rows_are_the_accumulators_rows(traced):
    staged, _ = labels_of(traced, "s_out")
    assert staged[0].endswith("-M")
    assert labels_of(traced, "Y")[0][0] == "input-mode-M"
    assert labels_of(traced, "into")[0][2] == "store-rest-M"  # the store's rest along the rows


def test_the_staged_tiles_columns_are_the_loads_columns(traced):
    staged, _ = labels_of(traced, "s_out")
    assert staged[1].endswith("-N")
    assert labels_of(traced, "Y")[0][1] == "input-mode-N"
    laid = labels_of(traced, "laid")[0]
    assert laid[0] == "store-atom-N" and laid[3].endswith("-N")


def test_registers_viewed_in_a_store_partitions_shape_repeat_its_atom_in_their_rests(traced):
    laid = labels_of(traced, "laid")[0]  # 32 loaded columns viewed as 8 values x 4 repeats: the repeats a rest
    assert laid[0] == "store-atom-N" and laid[3] == "store-rest-N"


def test_a_tile_of_rows_divided_in_place_keeps_their_axis(traced):
    half = labels_of(traced, "half")[0]
    assert half[0].endswith("-atom-M") and half[1].endswith("-atom-N")


def test_a_tile_of_the_output_tile_along_the_accumulators_axes_is_the_epilogues(traced):
    assert labels_of(traced, "split")[0][0] == "block-atom-M"  # the output divided whole: the CTA's tile
    assert labels_of(traced, "half")[0][:2] == ["epi-atom-M", "epi-atom-N"]
