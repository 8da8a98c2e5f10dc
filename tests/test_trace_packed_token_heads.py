"""A product whose operand is one token's heads (tests/kernels/packed_token_heads.py): a global input packs a static
heads leaf before a run-time tokens leaf, and a tile along the product's side covers the heads leaf whole, so that
side is the heads H, the other side the keys K and the contraction the head dim D, though no name says attention."""

import os

import pytest

from _cli import ROOT, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "packed_token_heads.py")


@pytest.fixture(scope="module")
def one_token():
    return trace_json(f"{KERNEL}:compile_one_tokens_heads", arch="sm_80")


def test_a_tile_of_one_tokens_packed_heads_makes_its_side_the_heads(one_token):
    # the host's packed view and the kernel's parameter: the heads leaf H, the tokens leaf Q
    for event in (e for e in one_token if "y" in e["names"]):
        assert event["leaf_labels"][0] == ["input-mode-H", "input-mode-Q", "input-mode-D"]
        assert event["label_rules"][0][0] == "packed_token_heads"
    labels, rules = labels_of(one_token, "gy")
    assert labels == ["block-atom-H", "block-atom-D"]
    assert labels_of(one_token, "sy")[0] == ["mma-atom-H", "mma-atom-D"]
    assert labels_of(one_token, "acc")[0] == ["mma-atom-H", "mma-atom-K", "mma-rest-K", "mma-rest-H"]


def test_the_other_side_is_the_keys_and_the_contraction_the_head_dim(one_token):
    labels, _ = labels_of(one_token, "x")
    assert labels == ["input-mode-K", "input-mode-D"]


def test_a_tile_holding_two_tokens_heads_keeps_gemm_letters():
    events = trace_json(f"{KERNEL}:compile_two_tokens_per_tile", arch="sm_80")
    assert labels_of(events, "x")[0] == ["input-mode-M", "input-mode-K"]
    assert first_labels_of(events, "y") == ["input-mode-N", "input-mode-N", "input-mode-K"]
    assert labels_of(events, "sy")[0] == ["mma-atom-N", "mma-atom-K"]
