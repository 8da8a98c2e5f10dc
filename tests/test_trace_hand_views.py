"""Labels of a kernel with no MMA whose views and registers are made by hand (tests/kernels/hand_views.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "hand_views.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_hand_views", arch="sm_90a")


def test_registers_a_copy_fills_from_a_view_by_hand_are_the_copy(events):
    # `cute.copy(atom, make_tensor(x.iterator + offset, (8, 2):(1, 512)), regs)`: the 128-bit vector is the atom,
    # along the contiguous columns; its two iterations a rest no data flow names
    for name in ("held", "got"):
        assert labels_of(events, name) == (["copy-atom-N", "copy-rest"], ["layout.rows_cols", "copied_by_hand"])


def test_a_view_by_hand_borrows_no_labels_of_an_smem_buffer_of_its_extent(events):
    # `lead` (8, 1) from a bare layout, then its view (8, 1):(1, 1024): the view takes no modes of the SMEM
    # scratch (8) made before them (the registers do, by their shape), so it is the copy's view and its
    # contiguous vector the columns
    assert labels_of(events, "lead")[0][0] == "copy-atom-N"


def test_registers_only_copied_out_are_the_store(events):
    assert labels_of(events, "result") == (["store-atom-N", "store-rest"], ["layout.rows_cols", "copied_by_hand"])


def test_an_array_computed_element_by_element_from_copied_arrays_keeps_their_labels(events):
    # `product[v, k] = got[v, k] * held[v, k]`: what the copies brought, mode for mode
    assert labels_of(events, "product") == (["copy-atom-N", "copy-rest"], ["layout.rows_cols", "values_from"])


def test_the_views_copied_whole_take_their_registers_level(events):
    views = [e for e in events if e["op"] == "make_tensor" and e["memspaces"] == ["gmem"]
             and e["layouts"] == ["(8,2):(1,512)"]]
    assert [v["leaf_labels"][0] for v in views] == [["copy-atom-N", "copy-rest"]] * 2 + [["store-atom-N", "store-rest"]]


def test_a_global_tensor_no_data_flow_names_is_rows_and_columns_by_its_strides(events):
    # (16, 1024):(1024, 1): the outer stride the rows M, the contiguous leaf the columns N; (1, 1024) one row
    for name in ("rows_in", "rows_out", "one_row"):
        assert labels_of(events, name) == (["input-mode-M", "input-mode-N"], ["layout.rows_cols"] * 2)
