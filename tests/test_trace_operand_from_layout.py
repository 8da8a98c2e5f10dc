"""A register tensor made from a layout alone holds the values written into it, not those of the tensor whose
layout it shares: P's operand, made in the queries' fragment layout and written through a view laid out as the
scores, runs along the scores' rows and keys."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "operand_from_layout.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_operand_from_layout", arch="sm_80")


def test_an_operand_made_from_a_layout_takes_the_axes_of_the_values_written_into_it(events):
    assert labels_of(events, "p")[0] == ["mma-atom-K", "mma-atom-Q", "mma-atom-K", "mma-rest-Q", "mma-rest-K"]
    assert labels_of(events, "tSrX")[0] == ["mma-atom-D", "mma-atom-Q", "mma-atom-D", "mma-rest-Q", "mma-rest-D"]
