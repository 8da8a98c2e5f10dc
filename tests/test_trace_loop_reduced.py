"""In a kernel with no MMA, the modes a dynamic loop that accumulates products walks run along what it contracts, K
(tests/kernels/loop_reduced.py): the tile a coordinate computed from the loop's index picks, the mode the index
selects, and the registers the walked tiles are copied into; a loop that accumulates nothing names no axis."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "loop_reduced.py")


def test_the_modes_a_loop_accumulating_products_walks_run_along_k():
    events = trace_json(f"{KERNEL}:compile_loop_dot", arch="sm_90a")
    assert labels_of(events, "chunk") == (["copy-atom-K"], ["reduced_loop"])  # local_tile at kt * 2 + lane % 2
    assert labels_of(events, "vals")[0] == ["copy-atom-K"]  # the registers it is copied into
    assert labels_of(events, "vec_in")[0][1] == "input-mode-K"
    assert labels_of(events, "mat_in")[0][0] == "input-mode-K"  # mat_in[kt, None]: the mode kt selects


def test_a_loop_that_accumulates_nothing_names_no_axis():
    events = trace_json(f"{KERNEL}:compile_loop_copy", arch="sm_90a")
    assert labels_of(events, "chunk")[1] != ["reduced_loop"]


def test_a_loop_whose_body_makes_its_accumulator_anew_walks_no_contracted_axis():
    events = trace_json(f"{KERNEL}:compile_loop_rows", arch="sm_90a")
    assert labels_of(events, "mat_in")[1][0] != "reduced_loop"  # mat_in[r, None]: r walks rows, each summed apart
