"""Codes written into global memory element by element (tests/kernels/words_by_element.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "words_by_element.py")


@pytest.fixture(scope="module")
def words():
    return trace_json(f"{KERNEL}:compile_column_words", arch="sm_100a")


def test_registers_written_into_a_global_tensor_element_by_element_are_written_out(words):
    # `out_t[col, mb] = word[0]`, `word = recast_tensor(codes, Uint64)`: the codes are the write-out's registers
    assert labels_of(words, "word")[0] == ["store-atom"]
    assert labels_of(words, "codes")[0] == ["store-atom"]


def test_values_a_written_scale_is_reduced_from_are_not_written_out(words):
    # `scales[col, mb] = (amax / 6).to(e4m3)`, amax reduced from `vals`: the scale is written, the values are not
    assert labels_of(words, "vals")[0] == ["copy-atom"]
