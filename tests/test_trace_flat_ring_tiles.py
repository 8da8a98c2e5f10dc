"""A tile laid by hand at an address in a flat SMEM ring and partitioned as an MMA's A is that MMA's operand (MMA
level), however its labels were first found (a view over the ring's storage); the ring itself, which the MMA reads
through that tile, is an operand buffer whose one leaf packs the tiles' rows and K columns: it runs along no one
axis, its name notwithstanding."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "flat_ring_tiles.py")


def test_a_hand_laid_tile_of_a_flat_ring_is_the_mmas_operand_and_the_ring_has_no_axis():
    events = trace_json(f"{KERNEL}:compile_flat_ring", arch="sm_80")
    assert labels_of(events, "tile")[0] == ["mma-atom-M", "mma-atom-K"]
    assert labels_of(events, "sA")[0] == ["mma-atom"]
