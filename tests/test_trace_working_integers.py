"""In a kernel with no MMA, integer SMEM buffers the kernel computes in place (a top-k's keys computed from the
scores through an integer view of them, a histogram, the picked candidates, a counter) are the CTA's working memory
(Block), while one only copied in from an integer table (routed token indices) stays metadata, at the input level
(tests/kernels/working_integers.py)."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "working_integers.py")


def _line_of(text: str) -> int:
    with open(KERNEL) as f:
        return next(n for n, line in enumerate(f, 1) if text in line)


def test_integer_buffers_computed_in_place_are_the_ctas_working_memory_and_copied_tables_metadata():
    events = trace_json(f"{KERNEL}:compile_working_integers", arch="sm_90a")
    for name in ("keys", "hist", "picked", "count"):
        assert labels_of(events, name)[0] == ["block-atom"], name
    (routed,) = [e for e in events if e["op"] == "make_tensor" and e["line"] == _line_of("routed = smem")]
    assert routed["leaf_labels"][0] == ["input-mode"]
