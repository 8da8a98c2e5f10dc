"""A tensor the host divides into per-thread chunks (`zipped_divide(x, (1, 8))`) and launches the kernel with, whose
chunk the kernel slices at the thread index and moves whole by `autovec_copy`, is a copy partition by hand, as a
divide made inside the kernel is (`tracer._thread_view`): the chunk the copy's atom, the chunks its rests; where the
copy writes it out, Store; the registers `make_fragment_like` makes of the chunk take its level. A divide sliced by
the block index alone stays the CTA's tile."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "host_thread_chunks.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_host_thread_chunks", arch="sm_80")


def _all_labels(events, name):
    """The leaf labels of every traced tensor named `name` (the host's divide and the kernel's parameter)."""
    return [e["leaf_labels"][e["names"].index(name)] for e in events if name in e["names"]]


def test_a_host_divide_the_thread_loads_is_a_copy_partition(events):
    assert len(_all_labels(events, "chunks_in")) == 2
    for labels in _all_labels(events, "chunks_in"):
        assert labels == ["copy-atom-M", "copy-atom-N", "copy-rest-M", "copy-rest-N"]
    assert _all_labels(events, "r_in")[0] == ["copy-atom-M", "copy-atom-N"]


def test_a_host_divide_the_thread_writes_out_is_the_store(events):
    assert len(_all_labels(events, "chunks_out")) == 2
    for labels in _all_labels(events, "chunks_out"):
        assert labels == ["store-atom-M", "store-atom-N", "store-rest-M", "store-rest-N"]
    assert _all_labels(events, "r_out")[0] == ["store-atom-M", "store-atom-N"]


def test_a_host_divide_the_block_index_slices_is_the_cta_tile(events):
    assert len(_all_labels(events, "rows_in")) == 2
    for labels in _all_labels(events, "rows_in"):
        assert labels == ["block-atom-M", "block-atom-N", "block-rest-M", "block-rest-N"]
