"""A MoE combine summing copied row vectors into one fp32 vector stored whole (tests/kernels/combine_rows.py)."""

import os

from _cli import ROOT, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "combine_rows.py")


def test_a_vector_stored_whole_from_copied_vectors_holds_their_values():
    events = trace_json(f"{KERNEL}:compile_combine_rows", arch="sm_100a")
    # `acc.store(acc.load() + frags[j % 2].load().to(f32))`: one mode, the loaded vectors' labels
    assert first_labels_of(events, "frags") == ["copy-atom-N"]
    assert labels_of(events, "acc")[0] == ["copy-atom-N"]


def test_the_elements_of_a_list_a_comprehension_makes_take_the_lists_name():
    events = trace_json(f"{KERNEL}:compile_combine_rows", arch="sm_100a")
    # `frags = [make_rmem_tensor(...) for _ in range(2)]`: two records, each named frags
    assert sum(e["names"] == ["frags"] for e in events) == 2
