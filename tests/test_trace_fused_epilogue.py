"""GEMMs whose epilogues write statistics of the accumulator (tests/kernels/fused_epilogue_stats.py): axes from the
MMA's slots through the tiles the epilogue writes, stages against rests of the accumulator, the store of a statistic
computed from it, a batched input's unit batch mode."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "fused_epilogue_stats.py")


@pytest.fixture(scope="module")
def split():
    return trace_json(f"{KERNEL}:compile_split", arch="sm_100a")


@pytest.fixture(scope="module")
def slices():
    return trace_json(f"{KERNEL}:compile_slices", arch="sm_100a")


def test_an_accumulator_rest_a_pipeline_state_selects_is_its_stage(split):
    # acc[(None, None, state.index)] over make_fragment_C(partition_shape_C((128, 2 * 64))): one column half per
    # slot, handed to the epilogue; the fake fragment whose layout it borrows too; the coordinates keep MMA_N
    for name in ("fake", "acc"):
        assert labels_of(split, name)[0][-1] == "stage"
    assert labels_of(split, "cgrid")[0][-1] == "mma-rest-N"


def test_a_partial_per_tile_runs_along_the_axis_its_index_tiles(split):
    # local_tile(part, (128, 1), (pm, pn)) where pn cut B's rows (N): the split mode is N, in the input too
    assert labels_of(split, "part")[0] == ["input-mode-M", "input-mode-N"]
    assert labels_of(split, "gp")[0] == ["block-atom-M", "block-atom-N"]
    assert labels_of(split, "tp")[0][-2:] == ["store-rest-M", "store-rest-N"]


def test_an_appended_unit_mode_runs_along_the_copy_tilers_position(split):
    # append_ones(local_tile(vec, (128,), (pm,))): a mode of the tile's own level, partitioned by the (128, 1) copy
    # that writes the partials: N, as that copy's other tensors run there
    assert labels_of(split, "gv")[0] == ["block-atom-M", "block-atom-N"]
    assert labels_of(split, "tv")[0][-2:] == ["store-rest-M", "store-rest-N"]


def test_coordinates_on_a_store_copys_register_side_guard_the_store(split):
    # partition_S(grid) of the copy whose other side writes `part`, and that loads nothing: the store's guard
    assert [label.split("-")[0] for label in labels_of(split, "guard")[0]] == ["store"] * 4


def test_a_unit_batch_mode_of_the_rows_stride_is_the_batch(slices):
    # (columns, tokens, 1) with strides (1, ?, 1): the unit mode steps nowhere, so it walks no other mode: L
    assert labels_of(slices, "a")[0] == ["input-mode-M", "input-mode-K", "input-mode-L"]
    assert labels_of(slices, "pa")[0][-1] == "block-rest-L"


def test_accumulator_slices_of_an_operands_k_blocks_are_rests_along_n(slices):
    # acc[(..., u, state.index)] with fa[(None, None, u, 0)] for each constant u: products side by side in TMEM's
    # columns, beside the pipeline's slot; the fake fragment too
    for name in ("fake", "acc"):
        assert labels_of(slices, name)[0][-2:] == ["mma-rest-N", "stage"]


def test_a_flat_divide_by_the_mma_tile_cuts_tiles_and_rests(slices):
    # flat_divide of ((128, 1), (16, 1), ...) by (128, 16): each nested mode's first leaf the tile, the 1 its rest
    assert labels_of(slices, "cut")[0][:4] == ["epi-atom-M", "epi-atom-N", "epi-rest-M", "epi-rest-N"]


def test_registers_a_tmem_load_fills_hold_its_values(slices):
    # make_rmem_tensor(((16, 1), 1, 1)) filled by the tcgen05.ld: Store, its 16 values along the columns
    assert labels_of(slices, "got")[0] == ["store-atom-N", "store-atom", "store-rest-M", "store-rest-N"]


def test_a_plain_view_of_an_operand_buffers_storage_is_the_tile(slices):
    # make_tensor over A's swizzled pointer in a (rows, k, slots) layout, read by element: the tile, not metadata
    assert labels_of(slices, "plain")[0] == ["block-atom-M", "block-atom-K", "stage"]
