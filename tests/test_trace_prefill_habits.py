"""A tcgen05 prefill with head dim 64 and a key block as wide (tests/kernels/prefill_habits.py): K and V sliced from
one packed KV input, V seen (head dim, keys), varlen offsets by `domain_offset`, S read in column chunks, P in TMEM,
O rescaled in TMEM, one log-sum-exp per row. The axes were judged from the kernel's data flow before its first trace."""

import os

import pytest

from _cli import ROOT, first_labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "prefill_habits.py")


@pytest.fixture(scope="module")
def prefill():
    return trace_json(f"{KERNEL}:compile_prefill", arch="sm_100a")


def _axes(events, name):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in first_labels_of(events, name)]


@pytest.mark.parametrize("name, axes", [
    ("x", ["Q", "D", "H", "B"]),
    ("w", ["Q", "D", "H", "B"]),
    ("y", ["K", "D", "H", "B"]),
    ("z", ["D", "K", "H", "B"]),
    ("stats", ["Q", "H"]),
])
def test_the_hosts_views(prefill, name, axes):
    assert _axes(prefill, name) == axes


def test_a_view_laid_by_hand_over_an_integer_address_and_written_out_is_the_write_outs_other_side(prefill):
    # `make_tensor(make_ptr(bf16, (ws.iterator + t * DIM).toint(), gmem), out_half.layout)` filled from the converted
    # O: no traced call ties the pointer to the output, the copy does: the registers' labels, a store's
    assert first_labels_of(prefill, "row_out") == first_labels_of(prefill, "out_half")
    assert first_labels_of(prefill, "row_out")[:2] == ["store-atom-D", "store-atom"]


def test_registers_laid_out_from_a_tensors_whole_shape_and_a_count_carry_its_modes(prefill):
    # `make_rmem_tensor((o_regs.shape, 2))`: its first mode is o_regs' modes, nested; the count reads no tensor's mode
    held = first_labels_of(prefill, "o_held")
    assert held[:-1] == first_labels_of(prefill, "o_regs")
    assert held[-1] == "?"


def test_row_statistics_stored_into_an_accumulators_columns_run_along_no_column_axis(prefill):
    # `composition(acc_s.layout, (128, 2))` at S's TMEM plus an offset, filled by a tcgen05.st of two scalars each set
    # by a statement of its own (row max, row sum): two slots per query row, not two keys; the rows stay the queries
    assert _axes(prefill, "vec") == ["Q", None]
    assert _axes(prefill, "vec_at") == ["Q", None]
    for name in ("vec_dst", "vec_where", "vec_vals"):
        assert "K" not in _axes(prefill, name) and "Q" in _axes(prefill, name), name
    assert _axes(prefill, "flat") == ["Q", "K"]  # the same layout's whole S keeps its keys


def test_the_packed_kv_input_and_its_slots(prefill):
    # (batch, keys, slot, heads, head dim): the slot picks K or V, no axis of the products
    kv = _axes(prefill, "kv")
    assert [kv[i] for i in (0, 1, 3, 4)] == ["B", "K", "H", "D"]


@pytest.mark.parametrize("name, axes", [
    ("xs", ["Q", "D"]),
    ("ys", ["K", "D"]),
    ("zs", ["D", "K"]),
    ("ws", ["Q", "D"]),
    ("g_x", ["Q", "D"]),
    ("g_y", ["K", "D", "K"]),
    ("g_z", ["D", "K", "K"]),
    ("g_w", ["Q", "D"]),
    ("a_part", ["Q", "D", "Q", "D"]),
    ("b_part", ["K", "D", "K", "D", "K"]),
    ("v_part", ["D", "K", "D", "K", "K"]),
    ("acc_s", ["Q", "K", "Q", "K"]),
    ("acc_o", ["Q", "D", "Q", "D"]),
    ("flat", ["Q", "K"]),
    ("chunks", ["Q", "Q", "K", "K"]),
    ("ident_chunks", ["Q", "Q", "K", "K"]),
    ("lse_row", ["Q"]),
    ("lse_tile", ["Q"]),
])
def test_the_tiles_and_the_accumulators(prefill, name, axes):
    assert _axes(prefill, name) == axes


@pytest.mark.parametrize("name, present", [
    ("src", {"Q", "K"}), ("where", {"Q", "K"}), ("vals", {"Q", "K"}), ("into", {"Q", "K"}),
    ("p_tmem", {"Q", "K"}), ("o_src", {"Q", "D"}), ("o_regs", {"Q", "D"}), ("o_dst", {"Q", "D"}),
    ("out_vals", {"Q", "D"}), ("out_tile", {"Q", "D"}),
])
def test_the_chunks_and_o_in_tmem_keep_their_products_axes(prefill, name, present):
    assert set(_axes(prefill, name)) - {None} == present


@pytest.fixture(scope="module")
def packed_tokens():
    return trace_json(f"{KERNEL}:compile_prefill_thd", arch="sm_100a")


@pytest.mark.parametrize("name", ["q_laid", "o_laid"])
def test_a_select_of_run_time_strides_of_one_text_keeps_its_inputs_axes(packed_tokens, name):
    # the token and head strides are both `?{i64 div=8}`: matched by stride text alone, no leaf of the (tokens,
    # head dim, heads) view found its source leaf, and the host input stayed unlabelled
    assert _axes(packed_tokens, name) == ["Q", "H", "D"]
