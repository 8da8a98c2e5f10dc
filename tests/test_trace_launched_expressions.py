"""A kernel parameter the launch statement computes in place (`self.kernel(tile(a), tile(b) if flag else None,
out=tile(c))`, no host variable holding it) is the value the launch was given in its place: the host's tile, with its
levels and axes, not a fresh unlabelled parameter; tensors of one type are told apart by their place alone."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "launched_expressions.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_launched_expressions", arch="sm_80")


def test_a_tile_made_inside_the_launch_is_the_kernels_parameter(events):
    for name in ("tiles_a", "tiles_b", "out"):
        assert labels_of(events, name)[0] == ["block-atom-M", "block-atom-N", "block-rest-M", "block-rest-N"]


def test_each_parameter_is_the_tile_made_in_its_own_place(events):
    # the three tiles share one type: the launch's places (a method kernel's instance first, a keyword by name)
    # say which is which, in the order the host made them
    host_tiles = [e["index"] for e in events if e["op"] == "zipped_divide"]
    params = [next(e for e in events if name in e["names"]) for name in ("tiles_a", "tiles_b", "out")]
    assert [p["inputs"] for p in params] == [[index] for index in host_tiles]


def test_the_partitions_of_those_tiles_read_the_tilers_columns(events):
    assert labels_of(events, "part_b")[0] == ["copy-atom-N", "copy-atom-N", "copy-rest-M", "copy-rest-N"]
    assert labels_of(events, "part_out")[0] == ["store-atom-N", "store-atom-N", "store-rest-M", "store-rest-N"]
