"""A token row laid by hand over the address a table holds and read in vectors (tests/kernels/rows_by_address.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "rows_by_address.py")


@pytest.fixture(scope="module")
def gathered():
    return trace_json(f"{KERNEL}:compile_gather_by_address", arch="sm_100a")


def test_a_row_laid_over_an_address_and_divided_into_vectors_runs_along_the_columns(gathered):
    # `make_tensor(make_ptr(bf16, addresses[token]), (width,))`, `tiled_divide(source, (8,))`, a thread's vector
    # copied: the row's one leaf is its columns (a run-time width; no copy moves the view whole)
    assert labels_of(gathered, "source")[0] == ["input-mode-N"]
    assert labels_of(gathered, "vectors")[0] == ["copy-atom-N", "copy-rest-N"]
    assert labels_of(gathered, "held")[0] == ["copy-atom-N"]
