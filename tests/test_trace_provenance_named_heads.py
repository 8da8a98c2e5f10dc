"""Names suggest attention's head dim only where no data flow can (tests/kernels/provenance_named_heads.py)."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_named_heads.py")


@pytest.fixture(scope="module")
def keys():
    return trace_json(f"{KERNEL}:compile_scale_keys", arch="sm_90a")


def _records(events, name):
    return [(e["op"], e["leaf_labels"][0], e["label_rules"][0]) for e in events if e["names"] == [name]]


def test_keys_named_as_attention_have_the_head_dim_last_and_packed_rows(keys):
    # `mK` (rows, 64) in a kernel with no MMA: the head dim D by name alone, the packed rows no axis (a tiler's
    # position would call them M); the tile's size `HEAD_DIM` (`local_tile(mK, (ROWS, HEAD_DIM), ...)`) says it before
    # the tensor's name `mK` does (rule name.tile, then hint:head_dim)
    assert _records(keys, "mK") == [("input", ["input-mode", "input-mode-D"], ["input.mode", "name.tile"])]
    # a per-row vector named nothing attention-like keeps the tiler's rows
    assert _records(keys, "scales")[0][1] == ["input-mode-M"]


def test_a_kernel_parameter_launched_with_a_host_tile_is_that_tile(keys):
    # `local_tile(mK, (8, 64), (None, 0))` on the host, passed to the kernel: the parameter's modes are the tile's
    host, param = _records(keys, "blocks")
    assert host[0] == "local_tile" and param[0] == "input"
    assert host[1] == param[1] == ["block-atom", "block-atom-D", "block-rest"]
