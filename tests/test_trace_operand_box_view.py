"""A plain (rows, K, slots) view over an MMA operand buffer's own iterator that a TMA partition cuts, whose K leaf
merges the buffer's atom K values and its k-tiles (one axis), is the buffer's data seen again: each leaf runs along
the axis of what it holds, and so do the global rows the TMA loads into it."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "operand_box_view.py")


def test_a_box_view_merging_the_atoms_k_and_the_k_tiles_keeps_rows_and_k():
    events = trace_json(f"{KERNEL}:compile_box_view", arch="sm_100a")
    assert labels_of(events, "box")[0] == ["block-atom-M", "block-atom-K", "stage"]
    assert labels_of(events, "src")[0] == ["input-mode-M", "input-mode-K"]
