"""Labels from the data flow in kernels with no MMA (element-wise, norms, quantization)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_simt.py")


@pytest.fixture(scope="module")
def vectors():
    return trace_json(f"{KERNEL}:compile_vectors", arch="sm_90a")


def test_a_row_sliced_by_a_run_time_index_keeps_the_columns(vectors):
    # `first[i, None]`: the thread's vector of one row; the vector index packs everything (no axis)
    for name in ("first", "second", "out"):
        assert labels_of(vectors, name) == (["input-mode", "input-mode-N"], ["input.mode", "row_slice"])
    for name in ("ra", "rb", "ro"):
        assert labels_of(vectors, name)[0] == ["input-mode-N"]


@pytest.fixture(scope="module")
def rows():
    return trace_json(f"{KERNEL}:compile_rows", arch="sm_90a")


def test_a_shape_entry_read_from_a_sub_mode_takes_that_leafs_label(rows):
    # `cute.size(coords, mode=[0, 1])`: the atom's second leaf (its repeats along the columns)
    assert labels_of(rows, "pred")[0] == ["copy-atom-N", "copy-rest-M", "copy-rest-N"]


@pytest.fixture(scope="module")
def reduce():
    return trace_json(f"{KERNEL}:compile_reduce", arch="sm_90a")


def test_a_cross_warp_reduction_buffer_is_the_tiles_rows_and_partial_sums(reduce):
    # `slot[warp // per_row, warp % per_row] = warp_sum` over `partials[None, None, 1]`: rows, partials, sync slots
    assert labels_of(reduce, "partials") == (["block-atom-M", "block-rest-N", "stage"],
                                             ["reduction_buffer", "reduction_buffer", "reduction_buffer.stage"])
    # `per_warp[tidx // 32] = warp_sum`: one slot per warp
    assert labels_of(reduce, "per_warp")[0] == ["block-rest-N"]


def test_arrays_computed_element_by_element_from_an_atom_keep_its_label(rows):
    # `pairs[2 * i] = atom[i].to(f32)`, then `scaled[i] = pairs[i] * 0.5`: what one copy atom brought, along N
    assert labels_of(rows, "pairs") == (["copy-atom-N"], ["values_from"])
    assert labels_of(rows, "scaled") == (["copy-atom-N"], ["values_from"])


def test_an_smem_buffer_filled_by_hand_from_a_tile_stages_that_tile(rows):
    # `staged[tidx] = row_weights[tidx]`: the CTA's rows of a per-row vector, not metadata
    assert labels_of(rows, "row_weights")[0] == ["block-atom-M"]
    assert labels_of(rows, "staged") == (["block-atom-M"], ["values_from"])


def test_a_divide_of_a_threads_copied_values_stays_at_the_copys_level(rows):
    # `flat_divide(atom, 4)`: one thread's values in blocks, not CTA tiles
    assert labels_of(rows, "blocks")[0] == ["copy-atom-N", "copy-rest-N"]


def test_a_tensor_over_a_slice_of_a_traced_layout_keeps_the_modes_the_slice_keeps(rows):
    # `make_tensor(moved_iterator, cute.slice_(coords.layout, (None, 0, None)))`: coords' atom and column rest
    assert labels_of(rows, "moved")[0] == ["copy-atom-N", "copy-atom-N", "copy-rest-N"]


def test_a_nested_mode_a_rows_and_columns_tiler_cuts_whole_runs_along_its_position():
    # `prepend(w.layout, (1):(0))`: the vector as one row, its (1) a nested mode (as the SMEM row's leaves regroup)
    # the tiler's rows cut, and the tile's row that mode's one leaf
    events = trace_json(f"{KERNEL}:compile_row_view", arch="sm_90a")
    assert labels_of(events, "one_row")[0] == ["block-atom-M", "block-atom-N"]
    assert [label.rsplit("-", 1)[1] for label in labels_of(events, "wide")[0]] == ["M", "N"]
