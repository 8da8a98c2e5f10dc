"""A sparse attention backward's gradient GEMMs launched apart, one query token per CTA (tests/kernels/token_gradients.py):
one MMA per kernel, the scores' gradient dS an input. The labels were judged by hand from the kernels' data flow
and names before they were traced."""

import os

import pytest

from _cli import ROOT, cute_inspect, first_axes_of, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "token_gradients.py")


# A `local_tile` whose tiler holds a layout (`(make_layout(32),)`, an epilogue tile's rows) at a run-time index made the
# whole-trace axis solve fail (the layout, kept as a tile's extent, is not hashable): every mode of every tensor lost its
# axis, GEMM letters too (flash-attn's sparse MLA dK GEMM: 1 of 52 right).
def test_a_layout_in_a_tiler_leaves_the_axes_solved():
    done = cute_inspect("trace", f"{KERNEL}:compile_token_dk", "--arch", "sm_80", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert "could not observe" not in done.stderr
    events = trace_json(f"{KERNEL}:compile_token_dk", arch="sm_80")
    assert all(len(label.split("-")) == 3 for label in first_labels_of(events, "tCgdK"))


# Judged before the rules were written (a reader's labels: the names and the data flow), first leaves up to the token
# mode: dK = dS^T Q keeps the selected keys K and the head dim D and contracts the token's heads H; dQ = dS K keeps
# the heads and D and contracts the keys. The GEMM letters of the code's names (`mdS_mkl`) are its framing.
JUDGED_DK = {
    "mdS_mkl": ("K", "H"), "gdS": ("K", "H", "K", "H"), "mQ_nkl": ("D", "H"), "gQ": ("D", "H", "D", "H"),
    "mdK_mnl": ("K", "D"), "gdK": ("K", "D", "K", "D"), "dS_mkl": ("K", "H"), "Q_nkl": ("D", "H"),
    "tCgdS": ("H", "K", "H", "K", "H"), "tCgQ": ("H", "H", "D", "H"), "tCgdK": ("D", "K", "K", "D"),
    "tCrdS": ("H", "K", "H", "K", "H"), "tCrQ": ("H", "H", "D", "H"), "tCrdK": ("D", "K", "K", "D"),
}

JUDGED_DQ = {
    "mdS_mkl": ("H", "K"), "gdS": ("H", "K", "H", "K"), "mK_nkl": ("D", "K"), "gK": ("D", "K", "D", "K"),
    "mdQ_mnl": ("H", "D"), "gdQ": ("H", "D", "H", "D"), "tCgdS": ("K", "H", "K", "H", "K"),
    "tCgK": ("K", "K", "D", "K"), "tCgdQ": ("D", "H", "H", "D"), "tCrdQ": ("D", "H", "H", "D"),
}


@pytest.fixture(scope="module")
def traced_dk():
    return trace_json(f"{KERNEL}:compile_token_dk", arch="sm_80")


@pytest.fixture(scope="module")
def traced_dq():
    return trace_json(f"{KERNEL}:compile_token_dq", arch="sm_80")


@pytest.mark.parametrize("name", sorted(JUDGED_DK))
def test_token_dk_axes(traced_dk, name):
    assert first_axes_of(traced_dk, name, len(JUDGED_DK[name])) == JUDGED_DK[name]


@pytest.mark.parametrize("name", sorted(JUDGED_DQ))
def test_token_dq_axes(traced_dq, name):
    assert first_axes_of(traced_dq, name, len(JUDGED_DQ[name])) == JUDGED_DQ[name]


def test_the_heads_and_tokens_come_from_the_one_tile(traced_dq):
    """The queries' side is the heads (`token_heads`) because one tile covers its static extent and the product batches
    a mode of its own; the reading of the product (name.gradient) is the names'."""
    labels, rules = labels_of(traced_dq, "mdS_mkl")
    assert labels[0] == "input-mode-H" and rules[0] == "token_heads"
    assert labels[1] == "input-mode-K" and rules[1] == "name.gradient"
    assert [label.split("-")[-1] for label in labels[2:]] == ["B", "Q"]


# The token mode's leaves are (batch, sequence) here (`group_modes` of a (batch, sequence, ...) tensor) and their run-time
# strides read alike: the host parameter holding them as modes of their own says which is the outer (the batch),
# through the views `select` permutes for the MMA.
def test_token_dk_batch_is_the_outer_leaf(traced_dk):
    assert first_axes_of(traced_dk, "gdS", 6)[4:] == ("B", "Q")
    assert first_axes_of(traced_dk, "dS", 4) == ("B", "Q", "H", "K")


# The host's views permuted by `select(t.layout, [...])` for the MMA's (M, K, L) take t's modes in the order picked; with
# every stride a run-time value alike (`?{i64 div=8}`), no stride says which mode is which, and the host's tensors had no
# axes (flash-attn's dK kernel's dS, I, Q and dKaccum).
def test_views_picked_by_select_keep_their_modes():
    events = trace_json(f"{KERNEL}:compile_token_dk_run_time_strides", arch="sm_80")
    assert first_axes_of(events, "dS", 4) == ("B", "Q", "H", "K")
    assert first_axes_of(events, "dS_mkl", 4) == ("K", "H", "B", "Q")
    assert first_axes_of(events, "Q_nkl", 4) == ("D", "H", "B", "Q")
