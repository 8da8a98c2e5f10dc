"""cute.experimental epilogues: a side input tiled at the output's block indices runs along the output's axes, and
the registers a `partition_and_copy` fills or drains are the copy's thread partition of the other side."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "experimental_epilogue.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_epilogue", arch="sm_100a")


def test_a_tensor_tiled_at_the_outputs_block_indices_runs_along_its_axes(events):
    """`local_tile(shift, TILE[:2], (x, y, z))` beside `local_tile(result, TILE[:2], (x, y, z))`: one grid's tile;
    the shift's column mode (stride 0) meets no MMA or copy, yet runs along N as the output's does."""
    assert labels_of(events, "shift")[0] == ["input-mode-M", "input-mode-N", "input-mode-L"]
    assert labels_of(events, "shift_tile")[0] == ["block-atom-M", "block-atom-N"]


def test_registers_a_partition_and_copy_fills_are_its_thread_partition(events):
    """`partition_and_copy(mine, held, acc_regs)` (t2r) and `partition_and_copy(mine, out_regs, out_pieces[...])`:
    the registers are the copy's destination partition of the other side, at the epilogue's store level."""
    acc = labels_of(events, "acc_regs")[0]
    assert [label.split("-")[:2] for label in acc] == [["store", "atom"]] * 2 + [["store", "rest"]] * 2
    assert acc[2:] == ["store-rest-M", "store-rest-N"]
    assert labels_of(events, "out_regs")[0] == ["store-atom-N", "store-atom", "store-rest-M", "store-rest-N"]
    registers = next(e for e in events if e["names"] == ["acc_regs"])
    (made,) = registers["inputs"]  # the copy's partition of the accumulator, replayed at the copy's line
    assert events[made]["op"] == "partition_D" and events[made]["line"] == registers["line"]


def test_registers_nested_otherwise_than_the_partition_take_its_leaves_in_order(events):
    """`shift_regs` laid out for the t2r copy `((64,1),1,1)`, filled by a universal-atom copy made from it whose
    partition nests `((1,64),1,1)`: the same values; the wide leaf keeps its axis, the size-1 leaf none."""
    assert labels_of(events, "shift_regs")[0] == ["store-atom-N", "store-atom", "store-rest-M", "store-rest-N"]

