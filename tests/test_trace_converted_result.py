"""Registers a kernel with no MMA accumulates its result in (FP32, made from a bare shape) and converts whole into the
registers it writes out element by element (tests/kernels/converted_result.py) hold the written-out result too: Store,
as the written registers are (`flow._moved_into_written_out`), not an input."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "converted_result.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_converted_result", arch="sm_80")


def test_the_result_converted_into_written_registers_is_the_store(events):
    assert labels_of(events, "half")[0] == ["store-atom"]
    assert labels_of(events, "total")[0] == ["store-atom"]
