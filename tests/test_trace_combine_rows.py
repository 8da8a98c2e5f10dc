"""A MoE combine summing copied row vectors into one fp32 vector stored whole (tests/kernels/combine_rows.py)."""

import os

from _cli import ROOT, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "combine_rows.py")


def test_a_vector_stored_whole_from_copied_vectors_holds_their_values():
    events = trace_json(f"{KERNEL}:compile_combine_rows", arch="sm_100a")
    # `acc.store(acc.load() + frag.load().to(f32))`: one mode, the loaded vectors' labels
    assert first_labels_of(events, "frag") == ["copy-atom-N"]
    assert labels_of(events, "acc")[0] == ["copy-atom-N"]
