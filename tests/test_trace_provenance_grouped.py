"""GEMM axes from the MMA slots on a Blackwell grouped GEMM's mainloop: operands reached through a scheduler's
helper that rewrites a TMA coordinate tensor's shape, and SMEM buffers in MMA form partitioned once more."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_grouped.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_grouped", arch="sm_100a")


def test_an_mma_partition_of_a_buffer_already_in_mma_form_leaves_the_slot_axes_to_the_fragments(events):
    # partition_A(s_a) (its stage count read) cuts s_a's (128,16) atom as if it were M: were its rests s_a's modes, s_a's MMA_M would be
    # K too, and every mode of the MMA one contradicting class with no axis
    assert labels_of(events, "s_a")[0] == ["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K", "stage"]
    assert labels_of(events, "frag_a")[0] == ["mma-atom", "mma-rest-M", "mma-rest-K", "stage"]
    assert labels_of(events, "frag_acc")[0] == ["mma-atom-M", "mma-atom-N", "mma-rest-M", "mma-rest-N"]
    assert labels_of(events, "mma_a")[0] == ["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K",
                                             "block-rest-M", "block-rest-K", "block-rest-L"]


def test_a_coordinate_tensor_rebuilt_over_a_tensors_iterator_and_strides_keeps_its_modes(events):
    # `make_tensor(shifted.iterator, make_layout(shape, stride=shifted.stride))`: the expert's part of each operand,
    # not the latest tensor of shape (?,4096,1) (B's rows are N, not A's M)
    assert labels_of(events, "expert_a")[0] == ["input-mode-M", "input-mode-K", "input-mode-L"]
    assert labels_of(events, "expert_b")[0] == ["input-mode-N", "input-mode-K", "input-mode-L"]
    host = {e["names"][0]: e["leaf_labels"][0] for e in events if e["op"] == "input" and e["names"][0] in "ab"}
    assert host == {"a": ["input-mode-M", "input-mode-K", "input-mode-L"],
                    "b": ["input-mode-N", "input-mode-K", "input-mode-L"]}
    assert labels_of(events, "box_g_b")[0][3:] == ["block-rest-N", "block-rest-K", "block-rest-L"]


def test_a_name_says_no_attention_axis_in_a_gemm(events):
    # `sS` reads as attention's scores (queries, keys), but the data flow finds one GEMM: its modes have no Q
    assert not any(label.endswith("-Q") for label in labels_of(events, "sS")[0])


def test_coordinates_a_one_tile_copy_partitions_after_its_pair_count_that_tile(events):
    # t2r's accumulator and registers paired first; the tile's coordinates, partitioned on the registers' side
    # afterwards for a predicate, are the same tile's (M, N)
    coords = [e for e in events if e["op"] == "make_identity_tensor"]
    assert [label.rsplit("-", 1)[1] for label in coords[-1]["leaf_labels"][0]] == ["M", "N"]
    assert labels_of(events, "where")[0] == labels_of(events, "values")[0]
    assert labels_of(events, "where")[1][2:] == ["mma_slot", "mma_slot"]


def test_a_one_dimensional_divide_of_a_registers_elements_keeps_the_leaf_it_covers(events):
    # logical_divide(values, make_layout(16)) of values ((16,1),1,8): the 16 values of the atom's first leaf (N), then
    # the rest, whose one leaf wider than 1 is the registers' last rest (8 along N): the rest runs along N
    assert labels_of(events, "blocks")[0] == ["store-atom-N", "store-rest-N"]


def test_a_host_tensor_the_launch_passes_through_is_not_another_host_tensor_of_its_type(events):
    # `extra` has A's type; the launch names it, no traced call made it: its modes are not A's (M, K, L)
    (param,) = [e for e in events if e["op"] == "input" and e["names"] == ["extra"]]
    assert param["inputs"] == [] and not any(label.endswith(("-M", "-K")) for label in param["leaf_labels"][0])
