"""Labels of kernels with no MMA that slice their tensors by named indices (tests/kernels/named_slices.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "named_slices.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_named_slices", arch="sm_90a")


@pytest.fixture(scope="module")
def row_events():
    return trace_json(f"{KERNEL}:compile_named_rows", arch="sm_90a")


def _unnamed(events, op, line):
    (event,) = [e for e in events if e["op"] == op and e["line"] == line]
    return event["leaf_labels"][0]


def _line(text):
    with open(KERNEL) as f:
        return next(n for n, source in enumerate(f, 1) if text in source)


def test_indices_named_token_and_head_make_attention_axes(events):
    # `q_nope[token_id, head_id, None]`: the token the queries Q, the head H, the one mode kept the head dim D
    for name in ("q_nope", "q_rope", "out"):
        assert labels_of(events, name) == (["input-mode-Q", "input-mode-H", "input-mode-D"], ["name.dims"] * 3)


def test_a_tensor_named_as_keys_has_key_rows(events):
    assert labels_of(events, "k_cache")[0] == ["input-mode-K", "input-mode-H", "input-mode-D"]


def test_a_table_sliced_by_position_in_an_attention_kernel_has_query_rows(events):
    # `rope_cache[pos, None]` names no head, but the kernel's other slices do: its rows are the queries' positions
    assert labels_of(events, "rope_cache") == (["input-mode-Q", "input-mode-D"], ["name.dims"] * 2)


def test_the_chunks_and_registers_take_the_kept_mode(events):
    for name in ("loaded", "keys", "angles"):
        assert labels_of(events, name)[0] == ["copy-atom-D"]


def test_an_output_row_written_from_two_inputs_at_the_same_indices_is_no_gather(events):
    # `out[token_id, head_id, None]` holds values computed from q_nope's and k_cache's rows at the very same
    # indices: the same rows, not rows packing two sources' modes
    assert labels_of(events, "out")[0][0] == "input-mode-Q"


def test_registers_filled_in_pieces_through_local_tiles_are_the_copy(events):
    # `copy(halves[None, lane], local_tile(pair, (1,), (0,)))` and the second half alike
    assert labels_of(events, "pair")[0] == ["copy-atom-D"]


def test_registers_holding_computed_results_written_out_are_the_store(events):
    for name in ("scaled", "rotated"):
        assert labels_of(events, name)[0] == ["store-atom-D"]
    assert _unnamed(events, "local_tile", _line("out_wide, scaled")) == ["store-atom-D"]
    assert _unnamed(events, "local_tile", _line("out_narrow, rotated")) == ["store-atom-D"]


def test_without_a_head_index_the_names_are_rows_and_columns(row_events):
    # (the columns a row slice keeps are `row_slice`'s N already: the name adds the rows)
    for name in ("x", "y"):
        assert labels_of(row_events, name) == (["input-mode-M", "input-mode-N"], ["name.dims", "row_slice"])
    assert labels_of(row_events, "vals")[0] == ["copy-atom-N"]
    assert labels_of(row_events, "doubled")[0] == ["store-atom-N"]


def test_a_head_index_read_element_by_element_makes_the_columns_the_head_dim():
    # `q[token_idx, head_idx, dim_idx]` read element by element names a head: the key row's columns, which the
    # layout rule calls N (`layout.rows_cols`), are the head dim D (`name.attention`)
    events = trace_json(f"{KERNEL}:compile_named_heads", arch="sm_90a")
    for name in ("key_row", "key_vals"):
        assert labels_of(events, name) == (["copy-atom", "copy-rest-D"], ["copied_by_hand", "name.attention"])
