"""A chunked linear-attention pass on mma.sync (tests/kernels/chunk_state.py): one TiledMma issues three products,
two of them into one accumulator over different axes, and a state the first product reads before the third
updates it. The axes come from which product reads which accumulator, in which order."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "chunk_state.py")


@pytest.fixture(scope="module")
def chunks():
    return trace_json(f"{KERNEL}:compile_chunks", arch="sm_80")


def test_products_into_one_accumulator_over_different_axes_are_two(chunks):
    # out = X H + G Y: X H contracts the key dim, G Y the tokens; one product would make them one axis
    assert labels_of(chunks, "g")[0] == ["input-mode-Q", "input-mode-K"]
    assert labels_of(chunks, "y")[0] == ["input-mode-K", "input-mode-D"]
    assert labels_of(chunks, "x")[0] == ["input-mode-Q", "input-mode-D"]


def test_a_state_read_before_its_update_is_linear_attention(chunks):
    # H, read by X H before H += Z^T Y writes it: a state (key dim x value dim) over the keys, not scores
    assert labels_of(chunks, "z_t")[0] == ["input-mode-D", "input-mode-K"]
    assert labels_of(chunks, "state")[0][2:] == ["mma-rest-D", "mma-rest-D"]
    assert labels_of(chunks, "out")[0] == ["input-mode-Q", "input-mode-D"]


def test_an_accumulator_entering_the_state_update_brings_its_rows_as_the_keys():
    # U = W Y reaches H += Z^T U's B slot through flat register views (no modes paired): U's columns are H's (the
    # value dim out shares), so its rows are the tokens H's update contracts, and W's rows are keys, not queries
    events = trace_json(f"{KERNEL}:compile_keyed_values", arch="sm_80")
    assert labels_of(events, "mixed")[0][2:] == ["mma-rest-K", "mma-rest-D"]
    assert labels_of(events, "w")[0][0] == "input-mode-K"
    assert labels_of(events, "x")[0] == ["input-mode-Q", "input-mode-D"]


def test_a_read_sees_the_latest_write_before_it_else_every_write():
    # one register tile written from W (at record 10), NV (12), O (14): a copy out at 11 reads W's values only; a
    # read traced before every write (an MMA warp traced before the warps that write) may see each of them
    from types import SimpleNamespace

    from cute_inspect.trace.flow import _writes_seen

    tile = [SimpleNamespace(meta={"writes": [(10, "W"), (12, "NV")]}), SimpleNamespace(meta={"writes": [(14, "O")]})]
    assert _writes_seen(tile, [0, 1], 11) == ({"W": 10}, {"NV", "O"})
    assert _writes_seen(tile, [0, 1], 5) == ({"W": 10, "NV": 12, "O": 14}, set())
    assert _writes_seen(tile, [0, 1], None) == ({}, set())


def test_a_class_met_by_a_tiledmmas_first_product_and_a_later_one_takes_the_first_ones_letter():
    # one TiledMma issuing two products that share their B operand (gate x and up x): the first keeps the object's
    # number, the second is (object, 1); a class both reach is named in issue order, not refused as unorderable
    from cute_inspect.trace.axes import Axes, fresh

    axes = Axes()
    shared, rows = fresh(), fresh()
    axes._bind(shared, ("mma", (0, 1), "K"))
    axes._bind(shared, ("mma", 0, "K"))
    axes._bind(rows, ("mma", (0, 1), "M"))
    named = axes.solve()
    assert named[axes.find(shared)] == ("K", "mma_slot")
    assert named[axes.find(rows)] == ("M", "mma_slot")
