"""Labels from the data flow, per rule class, on a kernel whose names carry no axis letters."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_assign", arch="sm_80")


def _one(events, name):
    (event,) = [e for e in events if name in e["names"]]
    i = event["names"].index(name)
    return event["leaf_labels"][i], event["label_rules"][i]


def test_untyped_inputs_take_axes_from_the_mma_slots_their_tiles_enter(events):
    assert _one(events, "X") == (["input-mode-M", "input-mode-K"], ["mma_slot", "mma_slot"])
    assert _one(events, "centroids")[0] == ["input-mode-N", "input-mode-K"]
    assert _one(events, "out")[0] == ["input-mode-M", "input-mode-N"]


def test_an_operand_named_c_in_the_b_slot_is_b(events):
    assert _one(events, "C")[0] == ["mma-atom", "mma-atom", "mma-rest-N", "mma-rest-K", "block-rest-K"]


def test_fragments_carry_their_sources_labels_and_a_helpers_tensor_takes_the_callers_name(events):
    assert _one(events, "like")[0] == _one(events, "acc")[0]
    (frag,) = [e for e in events if "frag" in e["names"]]
    assert frag["chain"] and frag["leaf_labels"][0][-2:] == ["mma-rest-M", "mma-rest-K"]


def test_coordinates_and_their_divide_follow_the_output(events):
    assert _one(events, "coords")[0] == ["coord-mode-M", "coord-mode-N"]
    assert _one(events, "subtiles")[0] == ["epi-atom-M", "epi-atom-N", "epi-rest-M", "epi-rest-N"]


def test_a_transposed_view_swaps_axes(events):
    assert _one(events, "out_t")[0] == ["block-atom-N", "block-atom-M"]


def test_a_buffer_nothing_reads_as_an_operand_is_metadata(events):
    assert _one(events, "counts") == (["input-mode"], ["metadata"])


def test_contract_fields(events):
    (gemm,) = [e for e in events if e["op"] == "gemm"]
    by_name = {n: e["index"] for e in events for n in e["names"] if n}
    assert gemm["operands"] == {"D": by_name["acc"], "A": by_name["frag"], "B": by_name["fragB"], "C": by_name["acc"]}
    (c,) = [e for e in events if "C" in e["names"]]
    assert c["made_by"]["kind"] == "mma" and c["made_by"]["op"] == "MmaF16BF16Op" and c["made_by"]["receiver"] == "thr"
    assert c["made_by"]["object"] == gemm["made_by"]["object"]
    for e in events:
        for shape, labels, rules in zip(e["shapes"], e["leaf_labels"], e["label_rules"]):
            assert len(labels) == len(rules) == len(shape.replace("(", "").replace(")", "").split(","))
