"""Labels of kernels with no MMA that name their tensors' extents (tests/kernels/named_extents.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "named_extents.py")


@pytest.fixture(scope="module")
def head_events():
    return trace_json(f"{KERNEL}:compile_scale_heads", arch="sm_90a")


@pytest.fixture(scope="module")
def row_events():
    return trace_json(f"{KERNEL}:compile_row_sums", arch="sm_90a")


@pytest.fixture(scope="module")
def laid_out_events():
    return trace_json(f"{KERNEL}:compile_laid_out", arch="sm_90a")


def test_a_shape_unpacked_into_tokens_heads_and_head_dim_names_attention_axes(head_events):
    # `num_tokens, num_heads, head_dim = q.shape`: a head count makes it attention (Q H D), `head_dim` the dim of
    # a head, not a head
    assert labels_of(head_events, "q") == (["input-mode-Q", "input-mode-H", "input-mode-D"], ["name.extents"] * 3)


def test_the_chunks_of_a_named_mode_take_its_axis(head_events):
    assert labels_of(head_events, "vals")[0] == ["copy-atom-D"]


def test_a_tensor_whose_extents_are_not_named_keeps_its_unnamed_modes(head_events):
    # `out` is only indexed by `b`, `h`: its row modes stay unlabelled, its kept columns the head dim
    assert labels_of(head_events, "out")[0] == ["input-mode", "input-mode", "input-mode-D"]


def test_extents_bound_to_names_name_rows_and_columns(row_events):
    # `num_rows = x.shape[0]`, `n_cols = cute.size(x, mode=[1])`: no head count, so rows M and columns N
    assert labels_of(row_events, "x") == (["input-mode-M", "input-mode-N"], ["name.extents"] * 2)


def test_a_view_laid_out_with_named_extents_names_its_modes(laid_out_events):
    # `make_tensor(flat.iterator, make_layout((num_tokens, hidden), ...))`, the host's constexpr parameters: the
    # kernel that reads it names nothing
    for event in [e for e in laid_out_events if "x" in e["names"]]:
        assert event["leaf_labels"][0] == ["input-mode-M", "input-mode-N"]
        assert event["label_rules"][0] == ["name.extents"] * 2
