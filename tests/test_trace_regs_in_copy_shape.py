"""Registers viewed in a shape of another rank (`make_tensor(regs.iterator, partition.shape)`, the r2s copy's side of
an epilogue): the view's size-1 mode holds none of the registers' data, so it is no size-1 mode of theirs (their
size-1 rest along N); it is a mode of its own, for the copy it is read by to name."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "regs_in_copy_shape.py")


@pytest.fixture(scope="module")
def traced():
    return trace_json(f"{KERNEL}:compile_regs_in_copy_shape", arch="sm_90a")


def test_the_views_size_1_mode_is_not_the_registers_size_1_rest(traced):
    sums, laid = labels_of(traced, "sums")[0], labels_of(traced, "laid")[0]
    assert sums[3] == "mma-rest-N"  # the registers' size-1 mode: their rest along N
    assert laid[1].startswith("mma-rest") and not laid[1].endswith("-N")


def test_the_views_strided_modes_keep_the_registers_axes(traced):
    laid = labels_of(traced, "laid")[0]
    assert laid[0] == "mma-atom-N" and laid[2] == "mma-atom-M" and laid[3] == "mma-rest-M"
