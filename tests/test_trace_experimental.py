"""cute.experimental's ops seen through the same hooks as CuTe's: `dot` is an MMA (its accumulator its own D),
`tma_load` a whole-tile copy whose global tile's modes are the SMEM ring's rests, and tensors an MMA slot reads
that no MMA call made (rings and a TMEM accumulator from `allocate`) are that MMA's operands."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "experimental_dot.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_dot", arch="sm_100a")


def _index(events, name):
    return next(e["index"] for e in events if name in (e.get("names") or []))


def test_dot_is_a_gemm_whose_accumulator_is_its_own_d(events):
    gemms = [e for e in events if e["op"] == "gemm"]
    assert len(gemms) == 4  # one per k-block of the unrolled loop
    operands = gemms[0]["operands"]
    assert operands["D"] == operands["C"] == _index(events, "sums")
    assert operands["A"] == _index(events, "lhs") and operands["B"] == _index(events, "rhs")
    assert gemms[0]["made_by"]["kind"] == "mma"


def test_rings_an_mma_reads_one_k_block_of_are_its_operands_in_mma_form(events):
    assert labels_of(events, "ring_r")[1][-1] == "operand.stage"
    assert labels_of(events, "ring_r")[0] == ["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K", "stage"]
    assert labels_of(events, "ring_c")[0] == ["mma-atom-N", "mma-atom-K", "mma-rest-N", "mma-rest-K", "stage"]
    for lhs in (e for e in events if e["names"] == ["lhs"]):  # each k-block's view of the ring
        assert lhs["leaf_labels"][0] == ["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K"]
    assert labels_of(events, "sums")[0] == ["mma-atom-M", "mma-atom-N", "mma-rest-M", "mma-rest-N", "stage"]


def test_a_whole_tile_tma_load_carries_the_slot_axes_back_to_the_inputs(events):
    assert labels_of(events, "rows_in")[0] == ["input-mode-M", "input-mode-K"]
    assert labels_of(events, "cols_in")[0] == ["input-mode-N", "input-mode-K"]
    assert labels_of(events, "panel_r")[0] == ["block-atom-M", "block-atom-K", "block-rest-K"]


@pytest.fixture(scope="module")
def inline_events():
    return trace_json(f"{KERNEL}:compile_inline_dot", arch="sm_100a")


def test_a_view_made_inside_the_dot_call_is_the_rings_slice(inline_events):
    """`dot(atom, append_ones(ring[None, None, kb, slot]), ...)`: the view no hook sees is the ring's slice, its
    appended mode the k-block the slice indexed, so the MMA's slots reach the ring, and through the TMA loads the
    inputs."""
    assert labels_of(inline_events, "ring_r")[0] == ["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K", "stage"]
    assert labels_of(inline_events, "ring_c")[0] == ["mma-atom-N", "mma-atom-K", "mma-rest-N", "mma-rest-K", "stage"]
    assert labels_of(inline_events, "rows_in")[0] == ["input-mode-M", "input-mode-K"]
    assert labels_of(inline_events, "panel_c")[0] == ["block-atom-N", "block-atom-K", "block-rest-K"]


def test_tiles_one_thr_copy_cuts_inside_partition_and_copy_are_one_tile(inline_events):
    """`partition_and_copy(thr, acc, regs)` then `partition_and_copy(thr, regs, out_tile[None, None, 0, 0])`: the
    accumulator read out and the output tile written are the copy's one (rows, columns) tile, so the output's
    modes are the accumulator's M and N and its divide is the epilogue's."""
    assert labels_of(inline_events, "result")[0] == ["input-mode-M", "input-mode-N"]
    assert labels_of(inline_events, "out_tile")[0] == ["epi-atom-M", "epi-atom-N", "epi-rest-M", "epi-rest-N"]
