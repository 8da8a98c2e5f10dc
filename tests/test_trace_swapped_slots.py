"""An attention forward step whose author partitions K as the A slot and Q as the B slot but issues the gemm with
Q's fragment in A (tests/kernels/swapped_slots.py): the gemm issued decides which operand holds the rows
(`Tracer._operands_in_other_slot`, `Axes.swap_rows`); two MMAs' accumulators of one register shape are each the MMA
whose `partition_shape_C` made the shape object they are made from (`Tracer._fragment_of_shape`), and registers
made from an accumulator's layout hold its modes."""

import os

import pytest

from _cli import KERNELS, first_axes_of, trace_json

KERNEL = os.path.join(KERNELS, "swapped_slots.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_swapped", arch="sm_90a")


def test_the_gemm_issued_decides_which_operand_holds_the_rows(events):
    assert first_axes_of(events, "bq", 4) == ("Q", "Q", "D", "D")
    assert first_axes_of(events, "bk", 4) == ("K", "K", "D", "D")
    assert first_axes_of(events, "part_q", 4) == ("Q", "D", "Q", "D")
    assert first_axes_of(events, "part_k", 4) == ("K", "D", "K", "D")


def test_each_accumulator_is_the_mma_its_shape_object_came_from(events):
    assert first_axes_of(events, "acc_s", 5) == ("K", "Q", "K", "Q", "K")  # wgmma's C values run N, M, N
    assert first_axes_of(events, "acc_o", 5) == ("D", "Q", "D", "Q", "D")
    assert first_axes_of(events, "bv", 4) == ("D", "D", "K", "K")


def test_registers_made_from_an_accumulators_layout_hold_its_modes(events):
    assert first_axes_of(events, "halves", 5) == ("D", "Q", "D", "Q", "D")
