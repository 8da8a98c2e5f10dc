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
