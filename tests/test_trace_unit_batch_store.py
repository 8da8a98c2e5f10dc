"""GEMM operands and output given a batch of one (tests/kernels/unit_batch_store.py): a mode of stride 0 appended by a
view is the batch L, not a pipeline stage; a batch leaf whose stride is the rows' runs along M; a TMA store's global
tile with a batch mode of one element joins its staging buffer, so the output's axes come from the accumulator and
the divide of its tile is the epilogue's."""

import os

import pytest

from _cli import ROOT, first_labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "unit_batch_store.py")


@pytest.fixture(scope="module")
def unit_batch():
    return trace_json(f"{KERNEL}:compile_unit_batch_store", arch="sm_90a")


def test_a_mode_of_stride_zero_a_view_appends_is_the_batch_not_a_stage(unit_batch):
    assert first_labels_of(unit_batch, "a_batched") == ["input-mode-M", "input-mode-K", "input-mode-L"]
    assert first_labels_of(unit_batch, "a_view") == ["input-mode-M", "input-mode-K"]


def test_a_batch_leaf_stepping_the_rows_stride_runs_along_the_rows(unit_batch):
    # (M, N, (1, M + 1)) over strides (N, 1, (0, N)): the output's axes from the accumulator through the TMA store
    assert first_labels_of(unit_batch, "laid") == ["input-mode-M", "input-mode-N", "input-mode-L", "input-mode-M"]


def test_the_divide_of_a_tma_stored_tile_with_a_unit_batch_is_the_epilogues(unit_batch):
    assert first_labels_of(unit_batch, "subtiles") == ["epi-atom-M", "epi-atom-N", "epi-atom-L", "epi-rest-M",
                                                       "epi-rest-N", "epi-rest-L"]
