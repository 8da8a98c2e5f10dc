"""A block-scaled mainloop's S2T copies of its scale factors (tests/kernels/scale_operands.py, `_to_tmem`): each leaf
of the copy's partitions steps through one leaf of the scale buffer it partitions (by stride) and runs along that
leaf's axis: the 32 lanes and the 4 row blocks along the rows the scales belong to, the 4 bytes of a word along K
(the k-blocks the buffer's MMA_K held); a leaf of extent 1 or stride 0 along none, rests included. The SMEM side
as the copy reads it, `get_s2t_smem_desc_tensor` of the partition, holds the same modes."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "scale_operands.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_listed", arch="sm_100a")


def _stepped(rows: str) -> list:
    return [f"copy-atom-{rows}", "copy-atom-K", f"copy-atom-{rows}", "copy-atom", "copy-atom",
            "copy-rest", "copy-rest", "copy-rest"]


def _labels(events, name: str) -> list:
    return [e["leaf_labels"][0] for e in events if name in (e.get("names") or [])]


def test_the_s2t_partitions_leaves_run_along_the_leaves_they_step(events):
    assert _labels(events, "dst") == [_stepped("M"), _stepped("N")]


def test_the_smem_descriptors_the_copy_reads_hold_the_partitions_modes(events):
    assert _labels(events, "src") == [_stepped("M"), _stepped("N")]
