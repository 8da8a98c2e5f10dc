"""An operand buffer's bytes read again by another product in another layout hold the same data: each leaf of the
re-laid view runs along the axis of the source leaves its strides cover (K's (keys, head dim) tile read as the
MN-major A of dQ^T = K^T dS^T has the head dim on its rows). And a class the data flow joins across two axes of one
product is refused, however the attention rules would name it."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "relaid_operands.py")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


@pytest.fixture(scope="module")
def relaid():
    return trace_json(f"{KERNEL}:compile_relaid", arch="sm_100a")


@pytest.fixture(scope="module")
def drained():
    return trace_json(f"{KERNEL}:compile_drained", arch="sm_100a")


def test_a_buffer_relaid_over_an_operands_bytes_keeps_the_axes_of_its_data(relaid):
    # xt's (64, 2) contiguous leaves are x's head dim (its 16 + 4 x 16 leaves merged), its 16 the keys; without
    # the rule the third product, chained to nothing, named every axis the head dim
    assert _axes(labels_of(relaid, "xt")[0]) == ["D", "D", "K", "D", "K", None]
    assert _axes(labels_of(relaid, "fxt")[0])[1:3] == ["D", "K"]
    assert _axes(labels_of(relaid, "e")[0])[1] == "K"  # the third product contracts the keys its A holds
    assert _axes(labels_of(relaid, "x")[0])[:2] == ["K", "D"]


def test_one_register_tensor_draining_two_products_joins_no_axes_of_one_product(drained):
    # the drain joins S^T's rows (keys) to G^T's rows, which the re-laid view made the head dim, while G^T
    # contracts the keys: that join is refused, not named keys by the attention rules over the whole class
    assert _axes(labels_of(drained, "acc_c")[0]) == ["D", "Q", "D", "Q"]
    assert _axes(labels_of(drained, "xt")[0]) == ["D", "D", "K", "D", "K", None]
    assert _axes(labels_of(drained, "x")[0])[:2] == ["K", "D"]


@pytest.fixture(scope="module")
def tmem_a():
    return trace_json(f"{KERNEL}:compile_tmem_a", arch="sm_100a")


def test_a_tmem_operand_laid_in_an_smem_layout_is_no_view_of_an_smem_buffer_of_that_shape(tmem_a):
    # P at the TMEM base in the second product's SMEM A layout: its modes are its own, which the MMA reading it
    # names (rows of the scores, keys); borrowed from an SMEM buffer of its shape, they tied the B operand's
    # head dim to the query rows
    assert _axes(labels_of(tmem_a, "tp")[0]) == ["Q", "K", "Q", "K", "K"]
    assert _axes(labels_of(tmem_a, "o")[0])[:2] == ["D", "K"]


def test_tmem_views_of_an_accumulator_at_several_offsets_in_one_smaller_layout_divide_it(tmem_a):
    # 32 of the scores' 128 columns, at two offsets: epilogue tiles of the accumulator, not the MMA's atom; a
    # 64-column view made once (a region, as P's over S's columns) stays the accumulator's
    for name in ("first", "second"):
        assert labels_of(tmem_a, name)[0] == ["epi-atom-Q", "epi-atom-K", "mma_s1-rest-Q", "mma_s1-rest-K"]
    assert labels_of(tmem_a, "region")[0] == ["mma_s1-atom-Q", "mma_s1-atom-K", "mma_s1-rest-Q", "mma_s1-rest-K"]
