"""Axes of a copy-only transpose whose registers are filled by a transposing ldmatrix
(tests/kernels/ldmatrix_transpose.py): the ldmatrix gives each lane other elements on its two sides, so its source
and destination atoms are not joined; the tiles and the registers' transposed view say the axes."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "ldmatrix_transpose.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_transpose", arch="sm_80")


def _axes(events, name):
    return [label.split("-")[-1] for label in labels_of(events, name)[0]]


def test_the_input_and_the_transposed_output_keep_two_axes(events):
    # without the rule the ldmatrix's atoms (a row's 8 values in SMEM, a column's 8 values in registers) join the
    # rows and the columns into one class, and every mode of the kernel reads M
    assert _axes(events, "src") == ["M", "N"]
    assert _axes(events, "out") == ["N", "M"]
    assert _axes(events, "buf") == ["M", "N"]


def test_the_registers_take_the_tile_they_receive_and_their_view_the_transpose(events):
    assert _axes(events, "held") == ["M", "N"]
    assert _axes(events, "flipped") == ["N", "M"]
    assert _axes(events, "target") == ["N", "M"]
