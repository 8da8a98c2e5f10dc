"""A view laid over an MMA operand buffer's storage in a shape of its own that no TMA partition cuts, through which the
code writes values from registers (the row-major view a rebased or scaled operand is stored through), holds the
operand's tile: MMA level. A view its loads from global memory cut, or one only read by hand, keeps its own level
(`test_trace_attention_smem`, `test_trace_held_tiles`)."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "gathered_operand_view.py")


def test_a_view_an_operand_is_written_through_from_registers_is_the_mmas_tile():
    events = trace_json(f"{KERNEL}:compile_gathered", arch="sm_100a")
    assert [label.split("-")[:2] for label in labels_of(events, "words")[0]] == [["mma", "atom"]] * 2
