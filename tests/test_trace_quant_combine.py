"""Quantizers and a MoE combine with no MMA, written by hand as such kernels are (tests/kernels/quant_combine.py)."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "quant_combine.py")


@pytest.fixture(scope="module")
def combine():
    return trace_json(f"{KERNEL}:compile_scaled_combine", arch="sm_100a")


@pytest.fixture(scope="module")
def quant():
    return trace_json(f"{KERNEL}:compile_packed_quant", arch="sm_100a")


@pytest.fixture(scope="module")
def dequant():
    return trace_json(f"{KERNEL}:compile_packed_dequant", arch="sm_100a")


@pytest.fixture(scope="module")
def table():
    return trace_json(f"{KERNEL}:compile_table_weights", arch="sm_100a")


def _labels(events, name):
    """The leaf labels of the first traced tensor named `name` (an unrolled loop makes one per turn)."""
    event = next(e for e in events if name in e["names"])
    return event["leaf_labels"][event["names"].index(name)]


def test_a_divide_sliced_at_the_thread_tile_with_its_tile_nested_is_the_thread_copy_view(combine):
    # `zipped_divide(rows[token, None, None], (TOP_K, VEC))[(None, None), (0, tile)]`: the tile mode kept whole
    # (two leaves), the rest picked by the thread index: the thread's copy atom and rests, not a CTA tile; the
    # statement's name stands for the divide
    assert _labels(combine, "terms") == ["copy-atom-M", "copy-atom-N", "copy-rest-M", "copy-rest-N"]


def test_a_chunk_written_through_a_view_restating_its_pointer_is_stored(combine):
    # `make_tensor(make_ptr(..., chunk.iterator.toint(), assumed_align=32), chunk.layout)` is what the copy writes:
    # the chunk it restates is written out too
    assert _labels(combine, "chunk") == ["store-atom-N", "store-rest-N"]
    assert _labels(combine, "aligned") == ["store-atom-N"]


def test_registers_matched_by_shape_to_the_output_chunk_hold_what_fills_them(combine):
    # made after `chunk` from a bare shape of its extent, so they took its labels by shape: the copy that fills
    # `term` and the values `total` is summed from decide their level
    assert _labels(combine, "term") == ["copy-atom-N"]
    assert _labels(combine, "total") == ["copy-atom-N"]
    assert _labels(combine, "result") == ["store-atom-N"]


def test_registers_filled_from_a_per_row_table_are_routing_rows(combine):
    # `autovec_copy(scores[token, None], weight)`: the router's (tokens, top_k) scores, both modes rows: metadata
    assert _labels(combine, "weight") == ["input-mode-M"]


def test_registers_written_by_hand_through_a_pointer_are_stored(quant):
    # `(out_ptr + ...).store(words[w])`: the words, and the codes they recast, are the written-out values
    assert _labels(quant, "words") == ["store-atom-N"]
    assert _labels(quant, "code_regs") == ["store-atom-N"]
    assert _labels(quant, "scaled") == ["copy-atom-N"]


def test_a_recast_of_loaded_registers_holds_the_copy_values(dequant):
    # `recast_tensor(code_bytes, E4M3)`: the copied bytes in another type, and what is computed from them
    assert _labels(dequant, "fp8_codes") == ["copy-atom-N"]
    assert _labels(dequant, "widened") == ["copy-atom-N"]


def test_registers_read_by_hand_from_a_host_laid_per_row_table_are_routing_rows(table):
    # `slot_weights[k] = table[token, k]`: the parameter is read only element by element (no record of its own);
    # the host launched it as `make_tensor(weights_ptr, (num_tokens, TOP_K))`, a per-row table: metadata
    assert _labels(table, "slot_weights") == ["input-mode-M"]


@pytest.fixture(scope="module")
def exchange():
    return trace_json(f"{KERNEL}:compile_exchange", arch="sm_100a")


def test_an_smem_view_laid_by_hand_and_sliced_by_the_thread_is_its_copy_view(exchange):
    # `make_tensor(buffer.iterator, (threads, values) layout)[tidx, None]`, written from and read into registers:
    # each thread's part of the exchange, a copy's atom (as a composition's (thread, value) view is), no CTA tile
    assert _labels(exchange, "by_thread") == ["copy-atom-N", "copy-atom-N"]
    assert _labels(exchange, "by_value") == ["copy-atom-N", "copy-atom-N"]
    assert _labels(exchange, "buffer") == ["block-atom-N"]
