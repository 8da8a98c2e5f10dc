"""Two readers of one recurrent state through one TiledMma and one register A operand (tests/kernels/
state_readers.py): R = St W^T feeds the state's update and O's accumulator, O = St Q^T keeps the queries."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "state_readers.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_state_readers", arch="sm_90a")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


def test_a_state_reader_feeding_another_product_of_its_tiledmma_is_a_product_of_its_own(events):
    # R and O read the one A (the state's registers) through mma_n; R's accumulator feeds O += R Z^T, so the two
    # do not share their columns: R's are the key tokens, O's the queries
    assert _axes(labels_of(events, "acc_r")[0]) == ["K", "D", "K", "D", "K"]
    assert _axes(labels_of(events, "acc_o")[0]) == ["Q", "D", "Q", "D", "Q"]
    assert _axes(labels_of(events, "sw")[0]) == ["K", "K", "D", "D"]
    assert _axes(labels_of(events, "sq")[0]) == ["Q", "Q", "D", "D"]


def test_what_the_state_update_contracts_of_a_reader_is_the_key_tokens(events):
    # St += R G contracts R's columns: the keys; O += R Z^T contracts them too, and keeps O's queries
    assert _axes(labels_of(events, "sz")[0]) == ["Q", "Q", "K", "K"]
    assert _axes(labels_of(events, "sg")[0]) == ["D", "D", "K", "K"]
    assert _axes(labels_of(events, "acc_s")[0]) == ["D", "D", "D", "D", "D"]


def test_a_tensor_a_dynamic_loop_carries_is_one_of_the_kernel_being_built(events):
    # the helper's `acc` is the scan's loop-carried acc_r; the first kernel's `acc` (same type, same name) holds
    # none of its values, so no chain of the scan reaches it
    (gate,) = [e for e in events if "acc" in e["names"] and e["kernel"] == "gate_kernel"]
    assert not {"Q", "K"} & set(_axes(gate["leaf_labels"][0]))
