"""A ring of rank-4 SMEM tiles in a kernel with no MMA (tests/kernels/staged_ring.py)."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "staged_ring.py")


def test_a_rank_4_buffer_no_mma_reads_is_the_block_tile_and_its_stages():
    # (rows, column chunks, columns, stages): the shape sm100's operand layouts have (atom, MMA_M, MMA_K, stages),
    # but no MMA reads it: its tile modes are the CTA tile's, the last its stages
    events = trace_json(f"{KERNEL}:compile_staged_ring", arch="sm_100a")
    ring = labels_of(events, "ring")[0]
    assert [label.split("-")[0] for label in ring] == ["block", "block", "block", "stage"]
