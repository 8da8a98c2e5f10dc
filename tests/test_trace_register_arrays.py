"""Register arrays made by hand: named where the kernel's code binds them (a `cutlass.Array`, whose name holds the
wrapper the DSL builds around the register tensor's address; the elements of a list comprehension over `range(n)`
unpacked into several names: tests/kernels/register_arrays.py), labelled by what fills them (copies through merged
views, tests/kernels/merged_copies.py), never by a buffer whose leaves they share (tests/kernels/bounded_fill.py)."""

import pytest

from _cli import trace_json

KERNEL = "tests/kernels/register_arrays.py"


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_arrays", arch="sm_80")


def _named(events, name):
    return [e["line"] for e in events if name in e["names"]]


def test_a_cutlass_array_is_named_by_the_statement_that_binds_it(events):
    assert _named(events, "kept") == [20]


def test_an_array_bound_after_the_last_traced_call_is_named_too(events):
    # `_last_sum`'s array: no traced call follows its statement, so it is bound when the trace ends
    assert _named(events, "last") == [30]


def test_each_element_of_a_comprehension_over_range_takes_its_own_target(events):
    assert _named(events, "first") == [39]
    assert _named(events, "second") == [39]


def test_a_vector_beside_a_buffer_of_its_leaves_holds_none_of_the_buffers_modes():
    # tests/kernels/bounded_fill.py: `vals` (8:1) beside the (8, 1):(1, 0) SMEM buffer `partial`: registers are
    # storage of their own, not a regrouping of the buffer's leaves (which gave them its `block` label)
    events = trace_json("tests/kernels/bounded_fill.py:compile_bounded", arch="sm_80")
    (vals,) = [e for e in events if e["names"] == ["vals"]]
    assert vals["level_origins"] == [[vals["index"]]]
    assert not any(label.startswith("block") for label in vals["leaf_labels"][0])


def test_registers_a_copy_moves_through_a_merged_view_hold_the_copys_values():
    # tests/kernels/merged_copies.py: `copy(atom, coalesce(in_tile), coalesce(in_regs))` fills the registers, and
    # `copy(atom, coalesce(out_regs), coalesce(out_tile))` writes the computed ones out
    events = trace_json("tests/kernels/merged_copies.py:compile_merged", arch="sm_80")
    labels = {e["names"][0]: e["leaf_labels"][0] for e in events if e["op"] == "make_rmem_tensor"}
    assert labels == {"in_regs": ["copy-atom-N"], "out_regs": ["store-atom-N"]}
