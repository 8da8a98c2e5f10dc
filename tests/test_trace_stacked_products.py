"""A dual GEMM's two products accumulated into the slices of one tensor's last mode (tests/kernels/stacked_products.py):
each reads its own A and the same B, so the mode holds one product's row blocks, a rest along M, not stages."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "stacked_products.py")


def test_slices_filled_from_different_a_and_one_b_are_row_blocks():
    events = trace_json(f"{KERNEL}:compile_stacked", arch="sm_80")
    assert labels_of(events, "both")[0][-1] == "mma-rest-M"
