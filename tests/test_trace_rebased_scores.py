"""A gated linear attention's intra-chunk scores with nothing after them (tests/kernels/rebased_scores.py): no MMA
reads another's accumulator, so no chain says attention. The keys' Gram matrix does, found from the inputs its
operands' values were computed from (k and the gate, rebased two ways into two buffers); the product beside it,
which contracts the Gram's feature dim against the Gram's keys (one B buffer), is the scores: its rows the queries.
Two accumulators laid out as one probe fragment keep the rows of the products that write them."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "rebased_scores.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_rebased_scores", arch="sm_100a")


def test_operands_computed_from_the_same_inputs_make_a_gram_of_the_keys(events):
    # Akk = (k exp2(g)) (k exp2(-g))^T: rows and columns the keys, the key dim contracted
    assert labels_of(events, "s_kq")[0] == ["mma-atom-K", "mma-atom-D", "mma-rest-K", "mma-rest-D", "stage"]
    assert labels_of(events, "s_kk")[0] == ["mma-atom-K", "mma-atom-D", "mma-rest-K", "mma-rest-D", "stage"]
    labels, rules = labels_of(events, "acc_kk")
    assert labels == ["mma_m_s-atom-K"] * 3 + ["mma_m_s-rest-K"] * 2
    assert rules[3:] == ["attention", "attention"]


def test_the_product_beside_the_gram_is_the_scores_over_the_queries(events):
    # Aqk = (q exp2(g)) (k exp2(-g))^T reads the Gram's B and contracts its feature dim: its rows are the queries
    assert labels_of(events, "s_qg")[0] == ["mma-atom-Q", "mma-atom-D", "mma-rest-Q", "mma-rest-D", "stage"]
    assert labels_of(events, "f_qg")[0][1:3] == ["mma-rest-Q", "mma-rest-D"]
    # and the threads' row-major view the rebased queries are written through (the operand's tile, as the gold set
    # reads ag_kda_intra_fwd_sm100's sQgSt), and the input they come from
    assert labels_of(events, "w_qg")[0][:4] == ["mma-atom-Q", "mma-atom-Q", "mma-atom-D", "mma-atom-D"]
    assert labels_of(events, "mq")[0] == ["input-mode-Q", "input-mode-D"]


def test_accumulators_laid_out_as_one_probe_keep_their_own_products_rows(events):
    # acc_qk and acc_kk both take probe.layout: Aqk's rows are the queries, Akk's the keys
    assert labels_of(events, "acc_qk")[0] == ["mma_m_s-atom-Q", "mma_m_s-atom-Q", "mma_m_s-atom-K",
                                              "mma_m_s-rest-Q", "mma_m_s-rest-K"]
