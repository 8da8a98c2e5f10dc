"""The level rules: which CuTe call, over what data, made each mode (tests/kernels/levels.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "levels.py")


@pytest.fixture(scope="module")
def window():
    return trace_json(f"{KERNEL}:compile_window", arch="sm_90a")


def test_a_tensor_over_a_tma_inputs_coordinates_is_a_view_of_the_input(window):
    # coordinates (basis strides), yet the input's own modes moved and cut: input, not an identity tensor's
    for name in ("window", "rows"):
        levels, rules = labels_of(window, name)
        assert [label.split("-")[0] for label in levels] == ["input", "input"], (name, levels, rules)
        assert "coord.mode" not in rules
    # its tiles are the CTA's, as the input's own would be
    assert [label.split("-")[:2] for label in labels_of(window, "tile")[0]] == \
        [["block", "atom"], ["block", "atom"], ["block", "rest"]]


@pytest.fixture(scope="module")
def guarded():
    return trace_json(f"{KERNEL}:compile_guarded", arch="sm_90a")


def test_coordinates_on_the_written_side_of_a_copy_are_store(guarded):
    def levels(name):
        return {label.split("-")[0] for label in labels_of(guarded, name)[0]}

    assert levels("t_out") == {"store"}
    assert levels("t_written") == {"store"}  # the coordinates that guard the write-out
    assert levels("t_seen") == {"copy"}  # the same copy's load side stays a load
    assert levels("t_in") == {"copy"}


def test_a_buffer_an_mma_reads_through_its_transposed_view_holds_mma_tiles():
    events = trace_json(f"{KERNEL}:compile_transposed", arch="sm_80")
    for name in ("s_nk", "s_kn"):
        assert {label.split("-")[0] for label in labels_of(events, name)[0]} == {"mma"}, name


def test_a_buffer_written_from_registers_and_stored_out_is_the_epilogues_staging():
    events = trace_json(f"{KERNEL}:compile_staged", arch="sm_90a")
    assert [label.split("-")[0] for label in labels_of(events, "staging")[0]] == ["epi", "epi"]


def test_a_divide_by_a_layout_cuts_the_whole_tensor_leaf_by_leaf():
    events = trace_json(f"{KERNEL}:compile_transposed", arch="sm_80")
    # ((64, 16), 4): the tile's leaves step the rows and the columns, its rest the columns
    assert labels_of(events, "column_blocks")[0] == ["epi-atom-M", "epi-atom-N", "epi-rest-N"]


def test_registers_made_like_a_metadata_buffer_are_metadata_too():
    events = trace_json(f"{KERNEL}:compile_mailbox", arch="sm_90a")
    assert labels_of(events, "mailbox")[0] == ["input-mode"]
    assert labels_of(events, "fields")[0] == ["input-mode"]
