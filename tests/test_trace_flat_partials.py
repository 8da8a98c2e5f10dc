"""One view that lays a flat SMEM buffer's element mode out as a (rows, columns) tile must not cost a GEMM its M and
N: the join that would put two axes of one MMA in one class is refused (`Axes.refuse_contradictions`)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "flat_partials.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_partial_sums", arch="sm_80")


def test_the_operands_keep_m_and_n(events):
    assert labels_of(events, "left")[0] == ["input-mode-M", "input-mode-K"]
    assert labels_of(events, "right")[0] == ["input-mode-N", "input-mode-K"]
    assert labels_of(events, "out")[0] == ["input-mode-M", "input-mode-N"]
    assert labels_of(events, "fl")[0][3:] == ["mma-rest-M", "mma-rest-K"]
    assert labels_of(events, "fr")[0][2:] == ["mma-rest-N", "mma-rest-K"]


def test_the_accumulator_keeps_m_and_n(events):
    assert labels_of(events, "acc")[0][2:] == ["mma-rest-M", "mma-rest-N"]
    assert labels_of(events, "ot")[0] == ["block-atom-M", "block-atom-N"]

