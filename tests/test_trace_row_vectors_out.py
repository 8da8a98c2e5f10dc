"""A row's results written out a vector at a time by a loop, a helper's tensor bound through a conditional
expression, values gathered from a load then moved into the write-out (tests/kernels/row_vectors_out.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "row_vectors_out.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_row_vectors", arch="sm_90a")


def test_output_vectors_a_loop_copies_into_are_the_store(events):
    # `autovec_copy(out_vals_store[None, i], values_store[None, i])`, i a loop's: the vector the store's atom,
    # the vectors its rests, as where the thread index picks the vector
    for name in ("values_store", "indices_store"):
        assert labels_of(events, name)[0] == ["store-atom-N", "store-rest-N"]


def test_register_vectors_written_out_and_their_registers_are_the_store(events):
    for name in ("out_vals_store", "picked_store"):
        assert labels_of(events, name)[0] == ["store-atom-N", "store-rest-N"]
    for name in ("out_vals", "picked"):
        assert labels_of(events, name)[0] == ["store-atom-N"]


def test_a_helpers_tensor_bound_through_a_conditional_expression_takes_the_bound_name(events):
    # `tXpX = _column_guard(tXcX, ...) if const_expr(guarded) else None`: the DSL runs the expression in a
    # generated function, the kernel's statement binds it
    (guard,) = [e for e in events if e["op"] == "make_rmem_tensor" and e["shapes"] == ["(2,1,1)"]]
    assert guard["names"] == ["tXpX"]
    with open(KERNEL) as f:
        assert "tXpX = _column_guard" in f.read().splitlines()[guard["line"] - 1]


def test_values_gathered_from_a_load_stay_the_loads_when_moved_into_the_write_out(events):
    # `out_vals[i] = gathered[i].to(Float32)` (the same type: a move): `gathered` holds the loaded values
    assert labels_of(events, "gathered")[0] == ["copy-atom-N"]
