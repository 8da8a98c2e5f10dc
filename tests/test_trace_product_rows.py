"""A GEMV by FMAs (no MMA): sums of products written at literal (row, column) indices, each factor's registers
made like one row's slice of its tensor, hold those rows (`flow._product_rows`), and a cross-warp buffer written
through a view of a group's rows gets the warps' roles on both (`flow._buffer_viewed`)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "product_rows.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_product_rows", arch="sm_90a")


def test_a_register_array_of_sums_of_row_products_holds_both_factors_rows(events):
    # `sums[r, e] += row[v] * col[v]`, row made like `lhs_mine[r, None, t]`, col like `rhs_mine[e, None, t]`
    assert labels_of(events, "sums")[0] == ["block-atom-M", "block-atom-N"]


def test_a_cross_warp_buffer_written_through_a_group_view_holds_rows_columns_and_warp_partials(events):
    # `group_parts[r, e, warp] = sums[r, e]`: the view and the buffer under it
    assert labels_of(events, "group_parts")[0] == ["block-atom-M", "block-atom-N", "block-rest-K"]
    assert labels_of(events, "parts")[0] == ["block-atom-M", "block-atom-N", "block-rest-K"]


def test_the_warps_partial_sums_of_products_of_words_loaded_by_hand_run_along_the_contracted_axis():
    # `total += as_f32(w << 16) * as_f32(x << 16)` with w and x from two `ld.global.v4.u32` issued by hand, shuffled
    # and left per warp: a contraction no register tensor holds, its partials along K (a norm's partials are N)
    events = trace_json(f"{KERNEL}:compile_hand_dot", arch="sm_90a")
    red = next(e for e in events if e["op"] == "make_tensor" and e["shapes"] == ["(1,4)"])
    assert red["leaf_labels"][0] == ["block-atom-M", "block-rest-K"]
