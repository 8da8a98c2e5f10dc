"""A GEMM whose tcgen05 MMAs are NVVM ops issued by hand (tests/kernels/tmem_read_by_hand.py): the registers its
epilogue reads out of TMEM by hand (32x32b `tcgen05.ld`) hold the accumulators' values, `store` along N, and so do
the pieces of them the second read adds into, and the partition of global memory a copy writes them into through a
`filter_zeros` view; registers a copy fills from one slice of a thread's (4, 1) view of an
SMEM operand hold 4 values along that view's axis, and so does their recast to words for a `tcgen05.st`."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "tmem_read_by_hand.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_summed", arch="sm_100a")


def test_registers_read_out_of_an_accumulator_by_hand_are_its_store(events):
    assert labels_of(events, "total")[0] == ["store-atom-N"]
    assert labels_of(events, "more")[0] == ["store-atom-N"]


def test_a_piece_of_such_registers_is_their_store_too(events):
    pieces = [e for e in events if "piece" in (e.get("names") or [])]
    assert pieces and all(e["leaf_labels"][0] == ["store-atom-N"] for e in pieces)


def test_registers_filled_from_a_slice_of_a_thread_view_take_its_axis(events):
    # the (4, 1) footprint of the thread's own row: one quad of it is what the copy moves, so the divide is that
    # copy's partition by hand (trfix23's `vector_copied`: the vector its atom, which vector its rests)
    assert labels_of(events, "quads")[0][:2] == ["copy-atom-K", "copy-atom"]
    assert labels_of(events, "held")[0] == ["copy-atom-K"]


def test_a_recast_of_such_registers_keeps_their_axis(events):
    assert labels_of(events, "words")[0] == ["copy-atom-K"]


def test_a_copy_into_a_folded_view_of_a_global_partition_writes_both_out(events):
    # `autovec_copy(maxima, filter_zeros(partition_D(tile)))`: the filtered view and the partition it views are the
    # write-out's, Store (their axes no stride of the broadcast view shows)
    for name in ("strip", "folded"):
        assert [label.split("-")[0] for label in labels_of(events, name)[0]] == ["store"] * 5
