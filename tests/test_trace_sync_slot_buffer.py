"""A cross-warp buffer (rows, (warps per row, CTAs), slots, fields) written at every index: its one sync slot, a mode
of extent 1 written at a literal index after the warps' partial results, is a stage; the fields of an entry (a value and
the column it came from) are the buffer's atom, on no axis (tests/kernels/sync_slot_buffer.py)."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "sync_slot_buffer.py")


def test_a_cross_warp_buffers_one_sync_slot_written_at_a_literal_index_is_a_stage():
    events = trace_json(f"{KERNEL}:compile_one_slot", arch="sm_90a")
    assert labels_of(events, "buf")[0] == ["block-atom-M", "block-rest-N", "block-rest-N", "stage", "block-atom"]
