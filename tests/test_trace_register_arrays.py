"""Register arrays are named where the kernel's code binds them: a `cutlass.Array` (the name holds the wrapper
the DSL builds around the register tensor's address) and the elements of a list comprehension over `range(n)`
unpacked into several names (tests/kernels/register_arrays.py)."""

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
