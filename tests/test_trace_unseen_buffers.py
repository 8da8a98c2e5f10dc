"""SMEM operand buffers made in generator expressions (tests/kernels/unseen_buffers.py), first met by the trace where
`make_fragment_A` / `make_fragment_B` reads them, are the MMA's operands in MMA form: (atom, rests, stage), along the
slot's axes (`tracer._read_as_operand`), not inputs."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "unseen_buffers.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_unseen", arch="sm_100a")


def _all_labels(events, name):
    return [e["leaf_labels"][e["names"].index(name)] for e in events if name in e["names"]]


def test_buffers_first_met_at_the_fragment_call_are_the_operands(events):
    assert _all_labels(events, "lefts") == [["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K", "stage"]] * 2
    assert _all_labels(events, "rights") == [["mma-atom-N", "mma-atom-K", "mma-rest-N", "mma-rest-K", "stage"]] * 2
