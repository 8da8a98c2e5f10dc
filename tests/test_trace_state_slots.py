"""A whole matrix of a per-sequence cache that one table entry per CTA selects (`slots[seq]`, a state pool's slot:
a page table hands a sequence many pages) and one product reads is a recurrent state: its rows and the axis the
product contracts are feature dims D, the other operand's rows the tokens that read it (queries Q), not a GEMM's
M / N / K nor a paged cache's keys. Rows filled by hand from two token tensors, each value computed from one
tensor's registers alone (`x * rsqrt(sum(x * x))`), pack the two and run along neither."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "state_slots.py")


@pytest.fixture(scope="module")
def read():
    return trace_json(f"{KERNEL}:compile_state_read", arch="sm_80")


@pytest.fixture(scope="module")
def read_two():
    return trace_json(f"{KERNEL}:compile_state_read_two", arch="sm_80")


def test_the_slot_selected_matrix_is_a_state_of_two_feature_dims(read):
    assert labels_of(read, "pool")[0][:2] == ["input-mode-D", "input-mode-D"]
    assert labels_of(read, "matrix")[0] == ["block-atom-D", "block-atom-D"]
    assert labels_of(read, "s_m")[0] == ["mma-atom-D", "mma-atom-D"]


def test_the_other_operand_rows_are_the_tokens_reading_the_state(read):
    assert labels_of(read, "xs")[0][:2] == ["input-mode-Q", "input-mode-D"]
    assert labels_of(read, "s_r")[0] == ["mma-atom-Q", "mma-atom-D"]
    assert sorted(labels_of(read, "result")[0]) == ["mma-atom-D", "mma-atom-Q", "mma-rest-D", "mma-rest-Q"]


def test_rows_filled_from_two_computed_token_tensors_run_along_neither(read_two):
    assert labels_of(read_two, "s_m")[0] == ["mma-atom-D", "mma-atom-D"]
    assert labels_of(read_two, "s_r")[0] == ["mma-atom", "mma-atom-D"]
    assert sorted(labels_of(read_two, "result")[0]) == ["mma-atom", "mma-atom-D", "mma-rest", "mma-rest-D"]
