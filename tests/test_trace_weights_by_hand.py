"""Scores whose weights reach the next product by hand (`tests/kernels/weights_by_hand.py`, as fold-attention's int8
decode): `stmatrix` writes values computed from the first product's accumulator into a flat SMEM buffer that the second
product reads through a view laid at its address. The chain is found from the stored values (`tracer._stored_by_matrix`,
`flow._chains` over a view laid at a buffer's address); which score axis is the keys from the extents, the one reader
contracting as many keys as the scores' rows hold (`Axes._keys_by_extent`); a flat buffer an operand tile is laid in
is an MMA operand buffer of no one axis (`flow._smem_operands`, `flow._flat_operand_buffers`); rows of a cache copied
whole into the keys' tile by a bulk copy between two pointers run along the tile's axes
(`tracer._rows_copied_by_pointer`)."""

import os

import pytest

from _cli import ROOT, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "weights_by_hand.py")


@pytest.fixture(scope="module")
def traced():
    return trace_json(f"{KERNEL}:compile_weights", arch="sm_90a")


def _axes(labels):
    return [label.split("-")[-1] if label.count("-") == 2 else None for label in labels]


def test_the_first_products_rows_are_the_keys_its_reader_contracts(traced):
    assert labels_of(traced, "keys")[0] == ["mma-atom-K", "mma-atom-D"]
    assert labels_of(traced, "rows")[0] == ["mma-atom-Q", "mma-atom-D"]
    assert _axes(labels_of(traced, "fa")[0])[1:] == ["K", "D"]


def test_the_reader_keeps_the_queries_and_contracts_the_keys(traced):
    assert _axes(labels_of(traced, "fp")[0])[1:] == ["Q", "K"]
    assert _axes(first_labels_of(traced, "fv"))[1:] == ["D", "K"]


def test_flat_buffers_read_at_their_address_are_operand_buffers_of_no_axis(traced):
    assert labels_of(traced, "wts")[0] == ["mma-atom"]
    assert labels_of(traced, "vals")[0] == ["mma-atom"]


def test_rows_copied_whole_by_pointer_take_the_tiles_axes(traced):
    assert labels_of(traced, "cache")[0] == ["input-mode-K", "input-mode-D"]
