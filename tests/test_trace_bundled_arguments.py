"""Tensors a launch passes inside one argument (a tuple, a TMA atom's bundle of atom, tensor and SMEM layout) are
the host tensors in the same place of the host's argument; a divide of the whole tensor passed in is no tile."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json
from cute_inspect.trace import flow, levels, tracer
from cute_inspect.trace.axes import Axes, fresh

KERNEL = os.path.join(ROOT, "tests", "kernels", "bundled_arguments.py")


@pytest.fixture(scope="module")
def bundled():
    return trace_json(f"{KERNEL}:compile_bundled", arch="sm_80")


def test_a_host_view_passed_in_a_tuple_is_the_kernels_tensor_in_its_place(bundled):
    # the two views share one type: only their place in the tuple tells them apart
    assert labels_of(bundled, "x")[0][:2] == ["input-mode-Q", "input-mode-D"]
    assert labels_of(bundled, "y")[0][1] == "input-mode-D"


def test_a_divide_of_the_whole_tensor_passed_in_is_a_parameter_not_a_tile(bundled):
    assert all(label.startswith("input-mode") for label in labels_of(bundled, "keys")[0])


def test_a_containers_fields_are_the_values_it_holds():
    class Bundle:
        def __init__(self, atom, tensor):
            self._atom, self._tensor = atom, tensor

    held = tracer._held_values(Bundle("atom", "tensor"))
    assert held == {"_atom": "atom", "_tensor": "tensor"}
    assert tracer._held_values(("atom", "tensor")) == {0: "atom", 1: "tensor"}
    assert tracer._held_values(3) == {}


def _label(var):
    return levels.ModeLabel("input", "mode", None, 0, None, "input.mode", None, var)


def test_a_mode_labelled_whole_is_the_same_mode_divided():
    axes = Axes()
    whole, part = fresh(), fresh()
    other, other_part = fresh(), fresh()
    flow.join_leaves(axes, (_label(other), _label(whole)), (_label(other_part), (_label(part), _label(part))))
    assert axes.find(whole) == axes.find(part)
    assert axes.find(other) == axes.find(other_part)
