"""A `logical_divide` of a thread partition: the modes its tiler leaves whole (`None`) stay the partition's own,
and the rest mode it cuts (the k-blocks split among warps) stays the copy's repeats along K
(tests/kernels/split_k_blocks.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "split_k_blocks.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_split", arch="sm_80")


def _partition_of(events, name):
    (cut,) = [e for e in events if name in e["names"]]
    (source,) = [e for e in events if e["index"] == cut["inputs"][0]]
    return source["leaf_labels"][0]


@pytest.mark.parametrize("name, rows", [("cut_l", "M"), ("cut_r", "N")])
def test_modes_a_divide_leaves_whole_keep_their_labels(events, name, rows):
    labels, rules = labels_of(events, name)
    # ((8,1), rows, (within, parts), stages): the copy atom along K, the rows' rest, then the cut k-blocks
    assert labels[:3] == ["copy-atom-K", "copy-atom", f"copy-rest-{rows}"]
    assert labels[-2:] == ["stage", "stage"]
    assert "unknown" not in rules


@pytest.mark.parametrize("name", ["cut_l", "cut_r"])
def test_a_partition_rest_cut_in_parts_stays_the_copy_rests(events, name):
    labels, _ = labels_of(events, name)
    source = _partition_of(events, name)
    # both parts of the 16 k-blocks, (4, 4), are the copy's repeats along K, as the undivided mode was
    assert labels[3:5] == ["copy-rest-K", "copy-rest-K"]
    assert source[3:5] == ["copy-rest-K", "copy-rest-K"]


def test_rows_and_columns_laid_over_a_flat_buffers_linear_mode_are_a_buffer_of_their_own():
    # `mine = make_tensor(domain_offset((warp, 0), flat).iterator, (rows, cols):(cols, 1))`: both of mine's modes
    # fall in flat's one linear element mode, which packs them; mine's axes are what its use (the accumulator's
    # partition) says, and flat's linear mode runs along no one axis
    events = trace_json(f"{KERNEL}:compile_partials", arch="sm_80")
    assert labels_of(events, "mine")[0] == ["epi-atom-M", "epi-atom-N"]
    assert labels_of(events, "flat")[0] == ["block-atom", "block-atom"]
