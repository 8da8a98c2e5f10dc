"""An attention forward whose products are issued through TiledMmas made afresh in each gemm helper (tests/kernels/
fresh_issue_mma.py, as flashinfer's role-split prefill issues them): the issues are the products of the TiledMmas
that partitioned their operands, and O = P V issued once per query tile is one reader of the scores."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "fresh_issue_mma.py")


@pytest.fixture(scope="module")
def fresh():
    return trace_json(f"{KERNEL}:compile_fresh", arch="sm_100a")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


def test_an_issue_through_a_fresh_tiled_mma_is_its_partitioners_product(fresh):
    # each fresh TiledMma was an MMA of its own: a later issue of S = Q K^T read by an earlier issue of O = P V
    # made S a recurrent state, and the linear-attention rule named every axis the head dim
    assert _axes(labels_of(fresh, "s_k")[0]) == ["K", "D", "K", "D", None]
    assert _axes(labels_of(fresh, "s_v")[0]) == ["D", "K", "D", "K", None]


def test_o_issued_per_query_tile_is_one_reader_of_the_scores(fresh):
    # O0 = P0 V and O1 = P1 V (one V) read as two readers: the backward vote made the keys S's rows
    assert _axes(labels_of(fresh, "s_q")[0]) == ["Q", "D", "Q", "D", None]
    assert _axes(labels_of(fresh, "laid")[0]) == ["Q", "K", "Q", "K", "K", None]


def test_the_row_tiles_of_one_product_share_their_rows(fresh):
    # O0 and O1 (one V, P0 and P1 views of one P fragment) were products with rows of their own (rows_apart): a
    # partition of O's coordinates made outside either product kept rows no product names, and the rule that
    # names an input's trailing modes called them heads
    assert _axes(labels_of(fresh, "out_coords")[0]) == ["Q", "D", "Q", "D"]
