"""Loads that fill a register fragment through views of its halves, and a scale written out through a byte view
of its register (tests/kernels/halves_by_hand.py)."""

import os

import pytest

from _cli import ROOT, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "halves_by_hand.py")


@pytest.fixture(scope="module")
def halves():
    return trace_json(f"{KERNEL}:compile_halves_by_hand", arch="sm_100a")


def test_registers_a_copy_fills_through_a_view_of_their_halves_hold_the_copys_values(halves):
    # `copy(wide, src, make_tensor(frag.iterator + h * 8, 8))`: frag, its halves and the source view are the load
    assert labels_of(halves, "frag")[0] == ["copy-atom-N"]
    assert first_labels_of(halves, "half") == ["copy-atom-N"]
    assert first_labels_of(halves, "src") == ["copy-atom-N"]


def test_a_recast_view_and_the_values_computed_from_it_follow_the_loaded_registers(halves):
    assert labels_of(halves, "pairs")[0] == ["copy-atom-N"]
    assert labels_of(halves, "vals")[0] == ["copy-atom-N"]


def test_registers_whose_byte_view_is_written_out_element_by_element_are_written_out(halves):
    # `sfs[i] = sf_out[0]`, `sf_out` laid over `sf`'s storage: it, `sf` and the byte view the scale was set
    # through (`sf_byte[0] = ...`) all hold the written scale
    assert labels_of(halves, "sf_out")[0] == ["store-atom"]
    assert labels_of(halves, "sf")[0] == ["store-atom"]
    assert labels_of(halves, "sf_byte")[0] == ["store-atom"]


def test_a_view_at_an_address_offset_by_a_value_read_from_a_table_is_no_view_of_the_table(halves):
    # `make_tensor(q.iterator + dests[t] * row_bytes + lane * 8, 8)`: q's bytes, not the SMEM table's (of layout 8)
    assert labels_of(halves, "dst")[0] == ["store-atom-N"]
    assert labels_of(halves, "dests")[0] != ["store-atom-N"]
