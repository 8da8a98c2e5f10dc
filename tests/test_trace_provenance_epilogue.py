"""Labels from the data flow of an epilogue staged through SMEM, on a kernel whose names say nothing
(tests/kernels/provenance_epilogue.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_epilogue.py")


@pytest.fixture(scope="module")
def staged():
    return trace_json(f"{KERNEL}:compile_staged", arch="sm_80")


def _all(events, name):
    return [e["leaf_labels"][e["names"].index(name)] for e in events if name in e["names"]]


def test_a_register_tensor_made_from_a_partitions_shape_slice_takes_those_modes(staged):
    # make_rmem_tensor(tgrid.shape[:3]): the first three modes of the accumulator's coordinate partition
    assert labels_of(staged, "held")[0] == ["mma-atom-N", "mma-atom-M", "mma-rest-M", "mma-rest-N"]


def test_an_identity_over_an_accumulator_tile_and_one_more_mode_has_the_batch(staged):
    assert labels_of(staged, "grid")[0] == ["coord-mode-M", "coord-mode-N", "coord-mode-L"]
    assert labels_of(staged, "tgrid")[0][-1] == "coord-mode-L"


def test_a_retiled_accumulator_keeps_its_mma_level(staged):
    assert labels_of(staged, "view")[0] == ["mma-atom", "mma-atom", "mma-rest-M", "mma-rest-N"]


def test_the_copy_that_retiles_the_accumulator_cuts_its_tiles_along_m_and_n(staged):
    # the SMEM buffer it writes and the subtiles' coordinates run along the accumulator's axes
    assert labels_of(staged, "pos")[0] == ["coord-mode-M", "coord-mode-N"]
    assert labels_of(staged, "buf")[0] == ["epi-atom-M", "epi-atom-N", "stage"]
    assert labels_of(staged, "tpos")[0] == ["store-atom", "store-atom-N", "store-atom-M", "store-rest-M",
                                             "store-rest-N"]
    assert labels_of(staged, "out")[0] == labels_of(staged, "tpos")[0]


def test_subtiles_of_the_staging_buffer_inside_a_dynamic_loop_are_epi_and_their_partitions_store(staged):
    parts, tparts = _all(staged, "part"), _all(staged, "tpart")
    assert len(parts) == len(tparts) == 4
    assert all(p == ["epi-atom-M", "epi-atom-N"] for p in parts)
    assert all(p == labels_of(staged, "tpos")[0] for p in tparts)
    # the copy the loop hands in as a new value is the one made before it
    objects = {e["made_by"]["object"] for e in staged if "tpart" in e["names"] or "tpos" in e["names"]}
    assert len(objects) == 1
