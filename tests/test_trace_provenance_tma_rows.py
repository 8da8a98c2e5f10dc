"""Labels from the data flow in kernels with no MMA that move whole tiles by TMA (tests/kernels/provenance_tma_rows.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_tma_rows.py")


@pytest.fixture(scope="module")
def scale():
    return trace_json(f"{KERNEL}:compile_scale", arch="sm_90a")


def _tma(events, name):
    (event,) = [e for e in events if name in e["names"]]
    return event


def test_a_tma_partition_made_by_a_store_atom_is_the_store(scale):
    # the S2G atom's boxes are Store's, though no MMA or epilogue precedes them; the load's stay Block
    assert labels_of(scale, "s_out")[0] == ["store-tma", "store-tma", "stage"]
    assert labels_of(scale, "g_out")[0][:3] == ["store-tma-N", "store-tma-N", "store-tma-M"]
    assert labels_of(scale, "s_in")[0] == ["block-tma", "block-tma", "stage"]
    assert _tma(scale, "s_out")["made_by"]["op"] == "CopyBulkTensorTileS2GOp"


def test_a_divide_by_rows_and_columns_names_them_in_a_kernel_with_no_mma(scale):
    # `zipped_divide(inp, (16, 128))`: the tile's rows M, its columns N, each rest along its tile mode
    assert labels_of(scale, "pieces") == (["block-atom-M", "block-atom-N", "block-rest-M", "block-rest-N"],
                                          ["divide.tiler"] * 4)
    # the host tensor and the kernel's parameter: the modes the divide cut
    assert [e["leaf_labels"][0] for e in scale if e["names"] == ["inp"]] == [["input-mode-M", "input-mode-N"]] * 2
    assert labels_of(scale, "done")[0] == ["block-atom-M", "block-atom-N", "block-rest-M", "block-rest-N"]


def test_a_staged_smem_tile_keeps_its_rows_and_columns_apart(scale):
    # ((16, 128), 2): one tile of rows and columns, then stages; the (thread, value) view of one stage maps its
    # threads and values onto the tile's columns and rows by stride (a thread's 32 values along a row)
    assert labels_of(scale, "staged_in")[0] == ["block-atom-M", "block-atom-N", "stage"]
    assert [label.rsplit("-", 1)[1] for label in labels_of(scale, "tv_in")[0]] == ["N", "M", "N"]


def test_a_thread_value_view_of_a_staged_tile_is_the_threads_copy_or_store(scale):
    # `composition(stage, tv)[t, None]`: the thread's own partition, made by hand; the one a TMA store reads out
    # of SMEM is the store's
    assert labels_of(scale, "tv_in") == (["copy-atom-N", "copy-atom-M", "copy-atom-N"], ["divide.tiler"] * 3)
    assert labels_of(scale, "tv_out")[0] == ["store-atom-N", "store-atom-M", "store-atom-N"]


@pytest.fixture(scope="module")
def chunks():
    return trace_json(f"{KERNEL}:compile_chunks", arch="sm_90a")


def test_a_thread_value_view_of_global_memory_written_by_a_copy_is_the_store(chunks):
    assert labels_of(chunks, "here_tv")[0] == ["copy-atom-N", "copy-atom-M", "copy-atom-N"]
    assert labels_of(chunks, "there_tv")[0] == ["store-atom-N", "store-atom-M", "store-atom-N"]


def test_registers_a_thread_view_fills_or_empties_hold_its_values(chunks):
    # `make_rmem_tensor((1, 8))` filled from the view's 8 values of one row: the values along the columns, the
    # size-1 mode the row (the tile's axis the view's threads run along and its values do not)
    assert labels_of(chunks, "held") == (["copy-atom-M", "copy-atom-N"], ["thread_view", "row_slice"])
    assert labels_of(chunks, "doubled")[0] == ["store-atom-M", "store-atom-N"]
    # the same registers recast as packed pairs keep the values' level
    assert labels_of(chunks, "pairs")[0] == ["copy-atom-N"]


@pytest.fixture(scope="module")
def strips():
    return trace_json(f"{KERNEL}:compile_strips", arch="sm_90a")


def test_a_tensor_over_a_pointer_rebuilt_from_a_slices_address_views_that_slice(strips):
    # `make_tensor(make_ptr(f16, row.iterator.toint(), gmem), (2048,))` over `row = src[r, None]`: the row's columns,
    # one row of the CTA's (Block)
    assert labels_of(strips, "whole_in")[0] == ["block-atom-N"]


def test_a_row_the_cta_walks_names_the_rows(strips):
    # `src[r, None]` at `r = b * rows_per_cta + i` (no thread index in it): the CTA's rows, M; a row the thread index
    # picks says nothing (tests/test_trace_provenance_simt.py's vectors)
    assert [e["leaf_labels"][0] for e in strips if e["names"] == ["src"]] == [["input-mode-M", "input-mode-N"]]


def test_a_row_cut_into_vectors_that_the_thread_index_picks_is_the_threads_copy(strips):
    # `tiled_divide(row, (8,))[None, k * threads + t]`: the thread's vectors, the copy's atom and rests; the row
    # written back is the store's
    assert labels_of(strips, "vecs_in")[0] == ["copy-atom-N", "copy-rest-N"]
    assert labels_of(strips, "vecs_out")[0] == ["store-atom-N", "store-rest-N"]
    # registers holding one vector per repeat (`kept[None, k]`), and the one vector written out
    assert labels_of(strips, "kept")[0] == ["copy-atom-N", "copy-rest-N"]
    assert labels_of(strips, "one")[0] == ["store-atom-N"]
