"""A weight-gradient NVFP4 mainloop over one expert's tokens (tests/kernels/wgrad_nvfp4.py): a TMA parameter first
seen as the tensor a helper rewrites the shape of (over its iterator and strides) is recorded there, so the rewritten
view is the parameter's (input, not a coordinate tensor of its own); an SMEM mailbox that a scheduler warp fills by
copies of integer registers set field by field, and that the other warps copy back into registers read field by
field, is metadata, and so are those registers; the SMEM side of an unfiltered scale-factor TMA partition keeps
the 16 values sharing a scale along K, though the scales' coordinate view folds them with the MMA's other scales;
the accumulators' TMEM regrouped by `transform_partitioned_tensor_layout` keep their MMA labels; scales loaded by
TMA for an MMA slot a tensor was loaded for first take the slot's axes; a tensor laid out in the layout of a
parameter a field holds, first seen there, is that parameter's."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "wgrad_nvfp4.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_wgrad", arch="sm_100a")


def test_a_view_over_a_parameter_first_seen_there_is_the_parameters(events):
    assert labels_of(events, "expert_a")[0] == ["input-mode-M", "input-mode-K", "input-mode-L"]
    assert labels_of(events, "operand")[0] == ["input-mode-M", "input-mode-K", "input-mode-L"]


def test_a_mailbox_written_by_copies_of_hand_set_registers_is_metadata(events):
    assert labels_of(events, "mailbox")[0] == ["input-mode", "stage"]


def test_registers_a_metadata_buffer_fills_are_metadata(events):
    assert labels_of(events, "fields")[0] == ["input-mode"]


def test_a_boxs_broadcast_leaf_takes_the_axis_of_the_broadcast_it_is_part_of(events):
    assert labels_of(events, "box_s_sfa")[0] == ["block-tma", "block-tma-K", "stage"]


def test_accumulators_regrouped_over_their_own_tmem_keep_their_labels(events):
    assert labels_of(events, "acc_by_mode")[0] == ["mma-atom-M", "mma-rest-M", "mma-atom-N", "mma-rest-N", "stage"]


def test_scales_loaded_for_a_bound_slot_take_its_axes(events):
    # the setup kernel's A was loaded for the slot first: its scales are the slot's too, not a second operand
    assert labels_of(events, "expert_scales")[0] == ["input-mode-M"] * 3 + ["input-mode-K"] * 3 + ["input-mode-L"] * 2


def test_a_tensor_laid_out_as_a_parameter_first_seen_there_is_the_parameters(events):
    # `make_tensor(ptr, fields.operand.layout)`: the layout of the setup kernel's A parameter, held in a field
    assert labels_of(events, "expert_copy")[0] == ["input-mode-M", "input-mode-K", "input-mode-L"]
