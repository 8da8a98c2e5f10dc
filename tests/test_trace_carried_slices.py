"""A slice a dynamic loop carries (tests/kernels/carried_slices.py: `window = buf[None, None, stage]` re-sliced in
the loop) is the slice of the buffer, not a new kernel input, though the code also holds the buffer it was
sliced from (a tensor of another type) under its own name."""

import os

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "carried_slices.py")


def test_a_carried_slice_is_the_buffers_slice():
    events = trace_json(f"{KERNEL}:compile_carried", arch="sm_80")
    assert not [e for e in events if e["op"] == "input" and "window" in (e.get("names") or [])]
    buf = next(e["index"] for e in events if "buf" in (e.get("names") or []))
    regs = next(e["index"] for e in events if "regs" in (e.get("names") or []))
    copies = [e for e in events if e["op"] == "copy"]
    assert [buf, regs] in [e["inputs"] for e in copies]
