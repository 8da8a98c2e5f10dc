"""GEMM axes of a block-scaled GEMM's scale factors: the view `tile_atom_to_shape_SF` makes of them runs along the
operand's rows and k-blocks, and their TMA box's leaves along the axes the view's coordinates say."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_blockscaled.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_scales", arch="sm_100a")


def test_scale_factors_take_the_axes_of_the_operand_they_scale(events):
    assert labels_of(events, "view")[0] == ["input-mode-M"] * 3 + ["input-mode-K"] * 3 + ["input-mode-L"] * 2
    assert labels_of(events, "by_mma")[0][:5] == ["mma-atom-M", "mma-atom-M", "mma-atom-K", "mma-rest-M",
                                                  "mma-rest-K"]


def test_a_box_leaf_over_a_coordinate_two_axes_step_has_none_and_a_broadcast_leaf_the_inputs(events):
    # the box (512, 32): 512 over the first coordinate, which the rows and the k-blocks both step; 32 the values
    # sharing one scale (stride 0), the partition's K leaf of stride 0
    assert labels_of(events, "box_g")[0][:2] == ["block-tma", "block-tma-K"]
    assert labels_of(events, "box_s")[0] == ["block-tma", "block-tma-K", "stage"]


def test_a_box_leaf_filter_zeros_leaves_one_element_of_runs_along_no_axis(events):
    assert labels_of(events, "once_g")[0][:2] == ["block-tma", "block-tma"]
    assert labels_of(events, "once_s")[0] == ["block-tma", "block-tma", "stage"]


@pytest.fixture(scope="module")
def ordered_events():
    return trace_json(f"{KERNEL}:compile_ordered_scales", arch="sm_100a")


def test_the_host_scale_grid_takes_the_axes_its_re_laid_view_solves(ordered_events):
    # `make_tensor(sfa.iterator, tile_atom_to_shape_SF(...))` over the host's ordered (32, 4, row blocks, 4,
    # k-blocks, batch) grid: leaf for leaf by stride (the row blocks' run-time stride in i64 on the host, in i32
    # in the view), the view's (1, 1) batch the grid's one batch leaf; the kernel parameter labels the view's
    # nested modes whole, and each whole mode is the axis of its leaves
    assert labels_of(ordered_events, "ordered")[0] == ["input-mode-M"] * 3 + ["input-mode-K"] * 2 + ["input-mode-L"]
    assert labels_of(ordered_events, "view")[0] == ["input-mode-M"] * 3 + ["input-mode-K"] * 3 + ["input-mode-L"] * 2
