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


def test_a_table_read_at_a_pipeline_states_index_and_a_row_coordinate_is_metadata_by_row_and_stage(staged):
    # table[(i * 32 + tpos[v][0], state.index)]: rows of the accumulator's M, the pipeline's stages; no MMA or
    # copy reads the table, so it keeps the input level
    assert labels_of(staged, "table") == (["input-mode-M", "stage"], ["mma_slot", "metadata.stage"])


@pytest.fixture(scope="module")
def views():
    return trace_json(f"{KERNEL}:compile_views", arch="sm_80")


def _host_and_kernel(events, name):
    """The leaf labels of the host view `name` and of the kernel parameter it is passed as."""
    found = {e["op"]: e["leaf_labels"][0] for e in events if name in e["names"]}
    return found["make_tensor"], found["input"]


def test_host_views_of_one_argument_share_its_axes_across_kernels(views):
    # X enters the A slot in one kernel; another kernel reads it through a transposed host view
    assert labels_of(views, "Xa")[0] == ["input-mode-M", "input-mode-K"]
    assert _host_and_kernel(views, "Xt") == (["input-mode-K", "input-mode-M"],) * 2
    assert labels_of(views, "col")[0] == ["block-atom-K"]


def test_a_view_mode_inside_one_of_the_arguments_leaves_keeps_its_axis_when_another_crosses_two(views):
    # (32, 256):(1, 32): the 32 are a quarter of a row (K); the 256 runs cross rows and columns: no axis
    assert _host_and_kernel(views, "Xr") == (["input-mode-K", "input-mode"],) * 2
    assert labels_of(views, "run")[0] == ["block-atom-K"]


def test_a_one_element_copy_atom_repeated_along_one_mode_runs_along_it(views):
    # (1, 2): the atom's one value and its two repeats along the columns; a trailing size-1 repeat would have none
    assert labels_of(views, "tcol")[0] == ["copy-atom-K", "copy-atom-K", "copy-rest-K"]


def test_a_grouped_query_views_trailing_kv_heads_and_batch_are_heads_then_batch():
    events = trace_json(f"{KERNEL}:compile_packed", arch="sm_80")
    # ((heads of a group, queries), head dim, (kv heads, batch)): the packed mode's leaves H, Q; the trailing H, B
    expected = ["input-mode-H", "input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]
    assert labels_of(events, "grouped")[0] == expected
    assert labels_of(events, "Q")[0] == expected


def test_a_table_indexed_by_the_index_that_selects_a_tile_runs_along_that_tiles_axis():
    events = trace_json(f"{KERNEL}:compile_routing", arch="sm_80")
    # per_tile[tile] and tXgX[None, None, None, tile, 0]: one run-time index, X's M tiles
    assert labels_of(events, "table")[0] == ["input-mode-M"]
