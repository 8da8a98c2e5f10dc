"""A gated quantizer with no MMA, written by hand as such kernels are (tests/kernels/gated_quant.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "gated_quant.py")


@pytest.fixture(scope="module")
def gated():
    return trace_json(f"{KERNEL}:compile_gated_words", arch="sm_100a")


@pytest.fixture(scope="module")
def launched():
    return trace_json(f"{KERNEL}:compile_launched_views", arch="sm_100a")


def test_a_view_made_in_the_launch_arguments_takes_the_kernel_parameter_name(launched):
    # `self.kernel(cute.make_tensor(scores_ptr, ...), weights=cute.make_tensor(weights_ptr, ...)).launch(...)`: no
    # statement binds either view; the kernel holds them as `scores` and `weights` (by position, by keyword)
    names = [e["names"] for e in launched if e["op"] == "make_tensor"]
    assert names == [["scores"], ["weights"]]


def test_an_array_made_before_the_arrays_it_is_computed_from_holds_their_values(gated):
    # `gated = make_rmem_tensor(16)` comes before the two loads that make `x_values` and `b_values`, and
    # `gated[i] = silu(x_values[i]) * b_values[i]`: the copies' values, as an array made after them would be
    assert labels_of(gated, "gated")[0] == ["copy-atom-N"]


def test_a_value_a_runtime_if_chooses_comes_from_what_its_branches_yield(gated):
    # `limited[i] = _clamped(gated[i] * 0.25, limit)`, the helper returning `limit if low > limit else low`: an
    # `scf.if` whose operand is the condition only; what it yields is computed from `gated`
    assert labels_of(gated, "limited")[0] == ["copy-atom-N"]


def test_registers_moved_unchanged_into_written_out_registers_are_written_out(gated):
    # `out_words[w] = words[w]`, then `copy(atom, out_words, target)` into global memory: `words` holds the
    # written-out words too, not the loaded values its codes were computed from
    assert labels_of(gated, "out_words")[0] == ["store-atom-N"]
    assert labels_of(gated, "words")[0] == ["store-atom-N"]
