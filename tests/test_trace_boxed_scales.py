"""A Blackwell mainloop whose loads fill each ring slot in two boxes (tests/kernels/boxed_scales.py): the views that
cut a slot's rows in halves hold the halves as rests of the rows (the boxes tile the slot), the TMA partitions
carry them so, and a one-axis box of per-row scales runs along the rows; the slot a pipeline state's index picks
through such a view is the plain buffer's stage too; the tcgen05.ld copy's partition of an identity tensor, made
before it partitions the accumulator, is the store's."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "boxed_scales.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_boxed", arch="sm_100a")


def test_a_slot_picked_through_a_view_of_the_buffer_is_its_stage(events):
    assert labels_of(events, "weights")[0] == ["block-atom-M", "stage"]


def test_halves_of_a_slots_rows_are_rests_of_the_rows(events):
    assert labels_of(events, "halves")[0] == ["block-atom-M", "block-atom-K", "block-rest-M", "stage"]
    assert labels_of(events, "halved")[0] == ["block-atom-M", "block-rest-M", "stage"]


def test_the_tma_partitions_carry_the_halves_as_rests(events):
    assert labels_of(events, "s_rows")[0] == ["block-tma", "block-tma", "block-rest-M", "stage"]


def test_a_box_of_one_axis_runs_along_it_on_the_smem_side(events):
    assert labels_of(events, "s_each")[0] == ["block-tma-M", "block-tma", "block-rest-M", "stage"]


def test_a_tmem_loads_partition_of_coordinates_is_the_stores(events):
    assert labels_of(events, "spots")[0] == ["store-atom-N", "store-atom", "store-rest-M", "store-rest-N"]
    assert labels_of(events, "values")[0] == ["store-atom-N", "store-atom", "store-rest-M", "store-rest-N"]
