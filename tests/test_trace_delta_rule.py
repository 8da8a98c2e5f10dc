"""A chunked delta rule's axes from the data flow: one TiledMma issuing three products (T kb and T v, W S, Q S),
two accumulators laid out alike, and operands loaded by TMA for two of its products
(tests/kernels/delta_rule.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "delta_rule.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_delta_rule", arch="sm_100a")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


def test_an_accumulator_laid_out_as_another_products_has_rows_of_its_own(events):
    # t_o = make_tensor(tmem + offset, nv_layout.layout) holds O = Q S, t_nv (same layout) NV = U - W S: the
    # layout lent to both says their shape, not that the queries are the keys
    assert _axes(labels_of(events, "t_o")[0]) == ["Q", "Q", "D", "Q", "D"]
    assert _axes(labels_of(events, "t_nv")[0]) == ["K", "K", "D", "K", "D"]
    assert _axes(labels_of(events, "a_q")[0]) == [None, "Q", "D", None]


def test_a_product_flowing_into_the_state_update_contracts_the_key_tokens(events):
    # W = T kb and U = T v, read (W through W S, U as NV) by DH = NV^T k: T's rows and columns are key tokens,
    # and the B operands' contracted mode is the tokens too (not a head dim)
    assert _axes(labels_of(events, "t_buf")[0]) == ["K", "K", "K", "K", None]
    assert _axes(labels_of(events, "a_t")[0]) == [None, "K", "K", None]
    assert _axes(labels_of(events, "kb_buf")[0]) == ["D", "K", "D", "K", None]
    assert _axes(labels_of(events, "v_buf")[0]) == ["D", "K", "D", "K", None]
    # the reader of the state contracts a feature dim: W's columns
    assert _axes(labels_of(events, "wb_buf")[0]) == ["K", "D", "K", "D", None]


def test_tiles_cut_for_a_tma_load_are_named_by_the_load_not_by_the_first_product(events):
    # q's TMA atom is made for the A slot of the TiledMma whose first product is T kb, and its global tile is cut
    # by that TiledMma's partition_A: the load into the buffer Q S reads says its modes are queries and head dim
    assert _axes(labels_of(events, "q_cut")[0]) == ["Q", "D", "Q", "D", "Q"]
    assert _axes(labels_of(events, "q")[0]) == ["Q", "D"]
    assert _axes(labels_of(events, "q_buf")[0]) == ["Q", "D", "Q", "D", None]
    assert _axes(labels_of(events, "t")[0]) == ["K", "K"]
