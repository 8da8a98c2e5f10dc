"""examples/corpus/cost_bytecodes.py counts the bytecodes cute-inspect's own code runs, and nothing the user's does."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "corpus"))
cost_bytecodes = pytest.importorskip("cost_bytecodes")

from cute_inspect.trace import patch, shape  # noqa: E402


def _users_work(n):
    return sum(range(n))


def test_the_count_is_of_our_functions_and_what_they_call_only():
    counter = cost_bytecodes._Counter()
    wrapped = patch._wrap("users_call", lambda n: _users_work(n))  # the user's CuTe call, run inside our wrapper
    sys.settrace(counter.call)
    try:
        _users_work(50)
        shape.leaves(((1, 2), (3, (4, 5))))
        wrapped(50)
    finally:
        sys.settrace(None)
    phases = {key[0] for key in counter.owned}
    assert phases == {"leaves", "<wrapper>"}  # the user's work, in or out of the wrapper, is nobody's
    assert all(key[1].startswith(cost_bytecodes._PACKAGE) for key in counter.owned)
    leaves = [n for key, n in counter.inclusive.items() if key[0] == "leaves"]
    assert len(leaves) == 1 and leaves[0] == sum(n for key, n in counter.owned.items() if key[0] == "leaves") > 0


def test_the_split_puts_source_lookups_apart_from_the_phase_they_ran_in():
    owned = {"on_slice|cute_inspect/trace/source.py|user_frame_from:1": 5,
             "on_slice|cute_inspect/trace/tracer.py|on_slice:1": 7,
             "finish|cute_inspect/trace/flow.py|settle:1": 11, "install|cute_inspect/trace/patch.py|install:1": 2}
    assert cost_bytecodes._split(owned) == {"hooks": 7, "label pass": 11, "source lookups": 5, "rest": 2}
