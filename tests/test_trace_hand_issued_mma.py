"""A tcgen05 MMA issued in inline PTX is a gemm: its D address and its A and B descriptors are read back, up their
values' defining ops, to the traced tensors they were computed from (tests/kernels/hand_issued_mma.py); a second TMEM
view made over another read of the allocation's SMEM word, in the same layout, is the same accumulator."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "hand_issued_mma.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_hand", arch="sm_100a")


def _index(events, name):
    return next(e["index"] for e in events if name in (e.get("names") or []))


def test_an_inline_ptx_mma_is_a_gemm_of_the_tensors_its_addresses_and_descriptors_come_from(events):
    gemms = [e for e in events if e["op"] == "gemm"]
    assert len(gemms) == 4  # one per k-block of the unrolled loop, the descriptors offset by integers
    assert gemms[0]["operands"] == {"D": _index(events, "sums"), "A": _index(events, "buf_r"),
                                    "B": _index(events, "buf_c"), "C": _index(events, "sums")}
    assert gemms[0]["made_by"]["kind"] == "mma"
    assert len({g["made_by"]["object"] for g in gemms}) == 1  # one accumulator, one instruction: one product


def test_the_buffers_and_the_accumulator_it_reads_are_its_operands(events):
    assert labels_of(events, "buf_r")[0] == ["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K", "stage"]
    assert labels_of(events, "buf_c")[0] == ["mma-atom-N", "mma-atom-K", "mma-rest-N", "mma-rest-K", "stage"]
    assert labels_of(events, "sums")[0] == ["mma-atom-M", "mma-atom-N", "mma-rest-M", "mma-rest-N", "stage"]
    # the global tiles the TMA loads fill them from take the slots' axes; nested rows are rows, every leaf
    assert labels_of(events, "cols_in")[0] == ["input-mode-N", "input-mode-K"]
    assert labels_of(events, "panel_r")[0] == ["block-atom-M", "block-atom-M", "block-atom-K"]


def test_the_epilogues_own_view_of_the_accumulator_is_the_accumulator(events):
    assert labels_of(events, "late")[0] == ["mma-atom-M", "mma-atom-N", "mma-rest-M", "mma-rest-N", "stage"]


def test_a_view_of_the_accumulator_in_a_layout_of_its_own_is_the_accumulator_regrouped(events):
    # its leaves by stride: the lanes the accumulator's rows, both parts of the columns its columns
    assert labels_of(events, "whole")[0] == ["mma-atom-M", "mma-atom-N", "mma-atom-N"]


def test_an_instruction_descriptor_written_into_the_ptx_text_issues_the_same_gemm():
    events = trace_json(f"{KERNEL}:compile_hand_immediate", arch="sm_100a")
    gemms = [e for e in events if e["op"] == "gemm"]
    assert len(gemms) == 4
    assert gemms[0]["operands"] == {"D": _index(events, "sums"), "A": _index(events, "buf_r"),
                                    "B": _index(events, "buf_c"), "C": _index(events, "sums")}
    assert len({g["made_by"]["object"] for g in gemms}) == 1
    assert labels_of(events, "buf_r")[0] == ["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K", "stage"]
