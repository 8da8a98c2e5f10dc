"""Registers filled and emptied by hand in a kernel with no MMA (tests/kernels/hand_moved.py)."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "hand_moved.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_hand_moved", arch="sm_90a")


def _levels(events, name):
    """The level-role part of each leaf label of the one tensor named `name` (its axis aside)."""
    (event,) = [e for e in events if name in e["names"]]
    return ["-".join(label.split("-")[:2]) for label in event["leaf_labels"][event["names"].index(name)]]


def test_a_buffer_allocated_and_sliced_on_one_line_is_the_whole_buffer_named(events):
    # `ring = smem.allocate_tensor(...)[None, warp_id, None]`: the allocation is traced, under the line's name
    (event,) = [e for e in events if "ring" in e["names"]]
    assert event["op"] == "make_tensor" and event["shapes"][0] == "(128,2,2)"
    assert _levels(events, "ring") == ["block-atom", "block-atom", "stage"]


def test_registers_a_copy_fills_from_a_view_over_an_address_are_the_copy(events):
    # `make_tensor(make_ptr(f32, address), (4,))` copied into registers: both sides are the copy's vector
    assert _levels(events, "chunk") == ["copy-atom"]
    assert _levels(events, "loaded") == ["copy-atom"]


def test_registers_a_copy_fills_from_a_divided_smem_slot_are_the_copy(events):
    # joined to the divide's Block tile by the copy, they still hold what the copy moved
    assert _levels(events, "staged") == ["copy-atom"]


def test_registers_filled_element_by_element_from_smem_are_the_copy(events):
    # `counts[j] = hist[lane * 8 + j]`: a thread's loads by hand, no copy call
    (event,) = [e for e in events if "counts" in e["names"]]
    assert _levels(events, "counts") == ["copy-atom"] and event["label_rules"][0] == ["filled_by_hand"]


def test_registers_filled_element_by_element_from_an_untraced_parameter_are_the_copy(events):
    # `weights[v] = w[row, lane * 4 + v].to(f32)`: w is read only element by element (no record of its own)
    assert _levels(events, "weights") == ["copy-atom"]


def test_registers_no_copy_fills_written_out_to_global_memory_are_the_store(events):
    assert _levels(events, "result") == ["store-atom"]


def test_a_float_buffer_no_call_reads_is_the_tiles_an_integer_one_metadata(events):
    # in a kernel with no MMA, SMEM read only by hand: values (f32) are the CTA's tile, counts (i32) metadata
    assert _levels(events, "kept") == ["block-atom"]
    assert _levels(events, "hist") == ["input-mode"]
