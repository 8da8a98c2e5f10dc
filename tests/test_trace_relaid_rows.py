"""Global views laid out by hand over a tensor's iterator in kernels with no MMA (tests/kernels/relaid_rows.py): each
leaf is the mode of the tensor whose stride range holds it, however many leaves split that mode (a row's columns as
a thread's vector, the threads, a size-1 chunk count and the column parts), so the parameter's rows and columns
reach every leaf and the registers filled from the view; a cross-warp buffer's partials reach the registers and the
views that carry them."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "relaid_rows.py")


def _trace(entry):
    return trace_json(f"{KERNEL}:{entry}", arch="sm_90a")


def test_a_view_laid_by_hand_over_a_parameter_splits_its_columns():
    events = _trace("compile_relaid_norm")
    # (VEC, THREADS, 1, PARTS, rows):(1, VEC, 512, 512, COLS) over mX (rows, COLS): four leaves of the columns (the
    # size-1 chunk count at a stride inside them too), the last the rows
    assert labels_of(events, "gX")[0] == ["input-mode-N"] * 4 + ["input-mode-M"]
    assert labels_of(events, "mX")[0] == ["input-mode-M", "input-mode-N"]
    # the weight (COLS,) laid the same way without rows: every leaf its one mode, no rows read off the largest stride
    assert labels_of(events, "gW")[0] == ["input-mode-N"] * 4
    for name in ("rX", "rW", "square", "rO"):
        assert labels_of(events, name)[0] == ["input-mode-N", "input-mode-N"], name


def test_a_cross_warp_buffers_partials_reach_what_carries_them():
    # `partials[warp] = warp_sum`: each warp's partial sum, a rest along the reduced columns; the registers one copy
    # fills with all of them and the views `make_tensor(partials.iterator + 2, 2)` hold the same partials
    events = _trace("compile_relaid_norm")
    for name in ("partials", "r_all", "low", "high", "r_low", "r_high"):
        assert labels_of(events, name)[0] == ["block-rest-N"], name


def test_a_host_view_over_a_run_time_stride_and_number_strides_inside_its_modes():
    # (4, 8, 16, 4, slots):(1, 4, 32, 512, state.stride[0]) over state (slots, 64, 32): numbers inside the two
    # dims' stride ranges are steps along them, the run-time stride the slots
    events = _trace("compile_relaid_on_host")
    assert labels_of(events, "relaid")[0] == ["input-mode-N"] * 4 + ["input-mode-M"]
