"""Routing tables laid out with named extents in a kernel with no MMA (tests/kernels/routed_rows.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "routed_rows.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_routed_rows", arch="sm_90a")


def _labels(events, name):
    return labels_of(events, name)[0]


def test_a_top_k_extent_counts_rows(events):
    # `make_layout((num_tokens, self.top_k))`: both modes factor the expanded row `token * top_k + slot`: M
    assert _labels(events, "slot_rows") == ["input-mode-M", "input-mode-M"]


def test_a_product_of_row_extents_counts_rows(events):
    # `make_layout(num_tokens * self.top_k)`: the expanded rows, one mode along M
    assert _labels(events, "expanded_weights") == ["input-mode-M"]
    assert _labels(events, "x") == ["input-mode-M", "input-mode-N"]
