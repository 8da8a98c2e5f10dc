"""A dK / dV kernel launched apart from dQ writes P^T into the SMEM buffer dV = P^T dO reads through a view laid by
hand over a composition of that buffer (cuDNN flex-attention's hd256 backward), and later stages dV's epilogue over
the same storage and copies it out: the scores still reach dV (`flow._written_through_own_views`), so the first
product is an attention score product and dV contracts its second axis."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "dkdv_apart.py")


@pytest.fixture(scope="module")
def traced():
    return trace_json(f"{KERNEL}:compile_apart", arch="sm_100a")


def _axis(label):
    return label.split("-")[-1]


def test_the_scores_written_through_a_hand_made_view_reach_the_second_product(traced):
    rows, _ = labels_of(traced, "s_k")
    columns, _ = labels_of(traced, "s_q")
    operand, _ = labels_of(traced, "s_p")
    assert _axis(rows[0]) in ("Q", "K") and _axis(columns[0]) in ("Q", "K")  # a score product, not a GEMM's M, N
    assert _axis(columns[1]) == _axis(rows[1]) == "D"
    assert (_axis(operand[0]), _axis(operand[1])) == (_axis(rows[0]), _axis(columns[0]))


def test_the_view_p_is_written_through_takes_the_operands_axes(traced):
    written, _ = labels_of(traced, "by_hand")
    operand, _ = labels_of(traced, "s_p")
    assert [_axis(label) for label in written] == [_axis(operand[0]), _axis(operand[1]), _axis(operand[1])]
