"""Levels and axes only the data flow tells (tests/kernels/written_out_levels.py): the side of a TiledCopy the kernel
writes out, the contracted loop of a SIMT GEMM over host-divided operands, a cross-warp buffer indexed by
`tidx >> 5`, and an accumulator cut leaf by leaf into epilogue subtiles."""

import os

import pytest

from _cli import ROOT, first_labels_of, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "written_out_levels.py")


@pytest.fixture(scope="module")
def copy_out():
    return trace_json(f"{KERNEL}:compile_copy_out", arch="sm_90a")


def test_the_side_of_one_tiled_copy_the_kernel_writes_out_is_the_stores(copy_out):
    # one TiledCopy loads x and writes y: y's partition (copied into) and z's (written element by element) are Store
    assert labels_of(copy_out, "src")[0][:2] == ["copy-atom-N", "copy-atom"]
    for name in ("dst", "elt"):
        assert labels_of(copy_out, name)[0][:2] == ["store-atom-N", "store-atom"]


def test_a_view_over_one_top_mode_of_a_partition_keeps_that_modes_leaves(copy_out):
    # `make_tensor(p.iterator, get(p.layout, mode=[0]))`: the value mode's two leaves, the size-1 one with no axis
    assert labels_of(copy_out, "src_v")[0] == ["copy-atom-N", "copy-atom"]
    assert labels_of(copy_out, "vals")[0] == ["copy-atom-N", "copy-atom"]
    for name in ("dst_v", "elt_v"):
        assert labels_of(copy_out, name)[0] == ["store-atom-N", "store-atom"]


def test_the_hosts_identity_tensor_launched_as_it_is_counts_coordinates(copy_out):
    # the kernel's parameter `cx`, not the host's `make_identity_tensor` it is
    (event,) = [e for e in copy_out if "cx" in e["names"] and e["op"] == "input"]
    assert event["leaf_labels"][0] == ["coord-mode-M", "coord-mode-N"]


@pytest.fixture(scope="module")
def simt_gemm():
    return trace_json(f"{KERNEL}:compile_simt_gemm", arch="sm_90a")


def test_a_loop_index_inside_a_nested_coordinate_walks_the_contracted_axis(simt_gemm):
    # `ga[None, (bidx, k)]` in the loop that accumulates products: A's second axis and B's first are K
    assert labels_of(simt_gemm, "a")[0] == ["input-mode-M", "input-mode-K"]
    assert labels_of(simt_gemm, "b")[0] == ["input-mode-K", "input-mode-N"]
    assert first_labels_of(simt_gemm, "ga") == ["block-atom-M", "block-atom-K", "block-rest-M", "block-rest-K"]


def test_a_thread_view_written_element_by_element_and_never_read_is_the_stores(simt_gemm):
    # `mine[i] = acc[i]` through the thread's (thread, value) view of C's tile
    assert [label.split("-")[0] for label in labels_of(simt_gemm, "mine")[0]] == ["store", "store"]


def test_a_buffer_indexed_by_the_thread_index_shifted_by_five_holds_one_partial_per_warp():
    events = trace_json(f"{KERNEL}:compile_warp_slots", arch="sm_90a")
    assert labels_of(events, "buf") == (["block-rest-N"], ["reduction_buffer"])


def test_an_accumulator_cut_by_a_tiler_of_one_entry_per_leaf_keeps_each_leafs_axis():
    # `zipped_divide(acc, ((128, 32),))` of ((128, 128), 1, 1): 128 rows M, 32 columns N; rests 1 along M, 4 along N
    events = trace_json(f"{KERNEL}:compile_subtiles", arch="sm_100a")
    assert labels_of(events, "cut")[0] == ["epi-atom-M", "epi-atom-N", "epi-rest-M", "epi-rest-N", "mma-rest-M",
                                           "mma-rest-N"]
