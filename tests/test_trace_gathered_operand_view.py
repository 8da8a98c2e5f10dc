"""A view laid over an MMA operand buffer's storage in a shape of its own that no TMA partition cuts (the row-major
view a cp.async gather writes the operand's rows through) holds the operand's tile: MMA level. A view a TMA cuts its
boxes from, or one nothing writes through (a tile read by hand), keeps its own level."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "gathered_operand_view.py")


def test_a_gathered_view_of_an_operand_buffer_is_the_mmas_tile():
    events = trace_json(f"{KERNEL}:compile_gathered", arch="sm_100a")
    assert [label.split("-")[:2] for label in labels_of(events, "words")[0]] == [["mma", "atom"]] * 2
