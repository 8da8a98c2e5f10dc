"""A row cut into vectors by one divide whose vectors a second divide deals out to the threads (picked by the thread
index): the first divide's vector is the copy's atom and its vector index the copy's rests, as in the thread's
partition it feeds (tests/kernels/vectors_by_thread.py)."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "vectors_by_thread.py")


def test_vectors_a_second_divide_deals_to_the_threads_are_the_copys_atom_and_rests():
    events = trace_json(f"{KERNEL}:compile_two_step", arch="sm_90a")
    assert labels_of(events, "vecs")[0] == ["block-atom-M", "copy-atom-K", "copy-rest-K"]
    assert labels_of(events, "wvecs")[0] == ["block-atom-N", "copy-atom-K", "copy-rest-K"]
    assert labels_of(events, "dealt")[0] == ["block-atom-M", "copy-atom-K", "copy-atom-K", "copy-rest-K"]
