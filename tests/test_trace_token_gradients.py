"""A sparse attention backward's gradient GEMMs launched apart, one query token per CTA (tests/kernels/token_gradients.py):
one MMA per kernel, the scores' gradient dS an input. The labels were judged by hand from the kernels' data flow
and names before they were traced."""

import os

from _cli import ROOT, cute_inspect, first_labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "token_gradients.py")


# A `local_tile` whose tiler holds a layout (`(make_layout(32),)`, an epilogue tile's rows) at a run-time index made the
# whole-trace axis solve fail (the layout, kept as a tile's extent, is not hashable): every mode of every tensor lost its
# axis, GEMM letters too (flash-attn's sparse MLA dK GEMM: 1 of 52 right).
def test_a_layout_in_a_tiler_leaves_the_axes_solved():
    done = cute_inspect("trace", f"{KERNEL}:compile_token_dk", "--arch", "sm_80", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert "could not observe" not in done.stderr
    events = trace_json(f"{KERNEL}:compile_token_dk", arch="sm_80")
    assert all(len(label.split("-")) == 3 for label in first_labels_of(events, "tCgdK"))
