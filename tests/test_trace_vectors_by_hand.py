"""A thread's vectors laid over pointers and read or written element by element (tests/kernels/vectors_by_hand.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "vectors_by_hand.py")


@pytest.fixture(scope="module")
def blocks():
    return trace_json(f"{KERNEL}:compile_block_by_elements", arch="sm_100a")


def test_a_vector_view_read_element_by_element_is_the_loads_atom(blocks):
    # `src = make_tensor(make_ptr(bf16, row + block * 16), (16,))`, `vals[i] = src[i]`: a hand-partitioned load
    assert labels_of(blocks, "src")[0] == ["copy-atom-N"]


def test_a_vector_view_written_element_by_element_is_the_stores_atom(blocks):
    # `dst[i] = (vals[i] * scale).to(e4m3)`: the thread's vector of the write-out
    assert labels_of(blocks, "dst")[0] == ["store-atom-N"]


def test_registers_a_vector_fills_element_by_element_run_along_it(blocks):
    # `vals[i] = src[i].to(f32)`, then `dst[i] = f(vals[i])`: element i is the vector's element i (its columns)
    assert labels_of(blocks, "vals")[0] == ["copy-atom-N"]
