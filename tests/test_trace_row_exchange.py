"""A register array made from a bare extent beside an SMEM exchange buffer of that extent holds the thread's values,
not the buffer's slots; and one-mode register arrays computed from a copied fragment settle the axes without a
crash (a one-mode array's shape is a bare extent)."""

import json
import os

import pytest

from _cli import ROOT, cute_inspect, labels_of

KERNEL = os.path.join(ROOT, "tests", "kernels", "row_exchange.py")


@pytest.fixture(scope="module")
def done():
    return cute_inspect("trace", f"{KERNEL}:compile_row_exchange", "--arch", "sm_80", "--format", "json")


def test_the_axes_settle_without_an_error(done):
    assert done.returncode == 0, done.stderr
    assert "could not observe" not in done.stderr


def test_a_register_array_of_the_buffers_extent_holds_the_threads_values(done):
    events = json.loads(done.stdout)["events"]
    assert labels_of(events, "values")[0] == ["copy-atom-N"]
    assert labels_of(events, "exchange")[0] == ["block-atom"]
