"""Registers a kernel with no MMA fills and writes out by hand: flat arrays of loaded values, vectors gathered and
accumulated, results written out through a converted twin, value bytes staged in SMEM (tests/kernels/hand_gathered.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "hand_gathered.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_hand_gathered", arch="sm_90a")


def _labels(events, name):
    return labels_of(events, name)[0]


def test_a_flat_array_filled_from_loaded_vectors_holds_what_the_loads_moved(events):
    # `best[v] = loaded[v]`, `others[v] = loaded[8 + v]`: one flat leaf of a row's loaded values (rule flattened_values)
    assert _labels(events, "best") == ["copy-atom-N"]
    assert _labels(events, "others") == ["copy-atom-N"]


def test_registers_written_out_through_a_converted_twin_are_the_store(events):
    # `written = make_rmem_tensor_like(kept, bf16)` is what autovec_copy writes out: kept holds the result, and its
    # size-2 repeat mode runs along the output row's vectors (N)
    assert _labels(events, "kept") == ["store-atom-N", "store-rest-N"]
    assert _labels(events, "written") == ["store-atom-N", "store-rest-N"]


def test_vectors_accumulated_from_gathered_loads_are_the_loads_values(events):
    # `acc[e, r] += vector[e]`: each loaded vector summed into the thread's r-th vector (rule accumulated_vectors)
    assert _labels(events, "acc") == ["copy-atom-N", "copy-rest-N"]


def test_a_vector_over_a_raw_pointer_runs_along_the_columns(events):
    # `make_tensor(make_ptr(bf16, (x_ptr + offset).toint(), gmem), (8,))` copied whole: a row's vector, N
    assert _labels(events, "vector") == ["copy-atom-N"]


def test_scale_bytes_computed_from_the_inputs_are_the_tiles_values_not_metadata(events):
    # `scale_bytes[t] = (amax[row, t] * 0.5).to(u8)`: an 8-bit buffer no traced call reads, filled with values
    # computed from a parameter: a quantizer's scales staged, not an index table (rule _holds_value_bytes)
    assert _labels(events, "scale_bytes") == ["block-atom"]


def test_integer_words_over_a_buffer_of_values_are_that_buffers_tile(events):
    # `make_tensor(recast_ptr(partials.iterator, Int32), (64,))`, zeroed word by word: the bf16 buffer's memory
    assert _labels(events, "partial_words") == ["block-atom"]


def test_registers_filled_from_a_load_issued_by_hand_are_the_copy_along_the_columns(events):
    # `words.store(ld.global.v4.u32 at a pointer)`, `picked[e] = load_ext(ptr, count=8)...[e]`: what one thread's
    # vector load moved, consecutive elements of a row: N (rule loaded_by_hand)
    assert _labels(events, "words") == ["copy-atom-N"]
    assert _labels(events, "picked") == ["copy-atom-N"]


def test_registers_summed_slice_by_slice_from_loaded_tiles_take_their_labels(events):
    # `squares[None, c].store(squares[None, c].load() + a * b)`, a and b loaded (vector, tiles) registers of the same
    # shape: their labels mode for mode (rule stored_from)
    assert _labels(events, "squares") == ["copy-atom-N", "copy-rest-N"]
