"""Views laid out from a tensor's own strides picked leaf by leaf, every stride but the last a run-time value
(tests/kernels/swapped_tokens.py): which stride each leaf took says which mode it is, not the strides' text."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "swapped_tokens.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_swapped_dq", arch="sm_80")


def _labels(events, name, op):
    (event,) = [e for e in events if e["names"] == [name] and e["op"] == op and "swapped_tokens" in e["file"]]
    return event["leaf_labels"][0]


def test_a_view_with_batch_and_sequence_strides_swapped_swaps_their_modes(events):
    # dS (batch, sequence, heads, top-k); swapped = (t.shape[1], t.shape[0], ...) over (t.stride[1], t.stride[0])
    assert _labels(events, "dS", "input") == ["input-mode-B", "input-mode-Q", "input-mode-H", "input-mode-K"]
    assert _labels(events, "swapped", "make_tensor") == ["input-mode-Q", "input-mode-B", "input-mode-H", "input-mode-K"]


def test_the_token_mode_moved_last_keeps_sequence_then_batch(events):
    # (heads, top-k, (sequence, batch)) over (t.stride[1], t.stride[2], t.stride[0]) of the grouped view
    assert _labels(events, "dS_mkl", "make_tensor") == ["input-mode-H", "input-mode-K", "input-mode-Q", "input-mode-B"]
    assert _labels(events, "dQ_mnl", "make_tensor") == ["input-mode-H", "input-mode-D", "input-mode-Q", "input-mode-B"]


def test_a_helpers_swapped_view_of_a_parameter_swaps_its_modes(events):
    swapped = [e for e in events if e["names"] == ["t"] and e["op"] == "make_tensor"]
    assert [e["leaf_labels"][0] for e in swapped] == [["input-mode-Q", "input-mode-B", "input-mode-H", "input-mode-D"]]
