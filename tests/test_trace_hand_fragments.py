"""Register operands no MMA call made are the MMA's because `cute.gemm`'s slots read them: a fragment laid out from
a bare layout, and `make_fragment_like` of a thread's hand-made SMEM view (which is the MMA's partition too); a
copy's `retile` of such a fragment stays the MMA's, its rests the fragment's."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "hand_fragments.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_hand", arch="sm_80")


def test_a_bare_register_array_in_a_gemm_slot_is_that_operands_fragment(events):
    labels, rules = labels_of(events, "regs_r")
    # B's values of m16n8k16 are two pairs along K, as the instruction's value layout says
    assert labels == ["mma-atom-K", "mma-atom-K", "mma-rest-N", "mma-rest-K"]
    assert rules[2:] == ["mma_slot", "mma_slot"]


def test_a_fragment_made_like_a_hand_view_and_the_view_are_the_a_operand(events):
    for name in ("regs_l", "mine"):
        labels, _ = labels_of(events, name)
        # the view's strides place its atom's leaves (K pairs, the row half, the K half); the slot its rests
        assert labels == ["mma-atom-K", "mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K"], name


def test_a_retile_of_a_hand_fragment_stays_the_mmas(events):
    labels, _ = labels_of(events, "dst_r")
    assert labels[:2] == ["mma-atom", "mma-atom"] and labels[2:] == ["mma-rest-N", "mma-rest-K"]
