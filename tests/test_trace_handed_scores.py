"""An SMEM view the epilogue of one product writes and another product reads through views of its own
(flash-attn's `sdS_epi`: dS written in the epilogue's layout, read by dQ and dK) is that epilogue's buffer, though its
storage is an operand's (`flow._handed_to_another_mma`, `flow._smem_operands`)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "handed_scores.py")


@pytest.fixture(scope="module")
def traced():
    return trace_json(f"{KERNEL}:compile_handed", arch="sm_100a")


def test_a_view_written_for_another_product_is_the_epilogues_buffer(traced):
    written, _ = labels_of(traced, "s_epi")
    assert [label.split("-")[0] for label in written] == ["epi", "epi"]
    assert labels_of(traced, "into")[0][0].startswith("store-")


def test_the_operand_it_lies_over_stays_the_second_products(traced):
    assert labels_of(traced, "s_op")[0][0].startswith("mma-atom")
