"""Per-key scales moved through an SMEM ring a pipeline cycles (tests/kernels/scale_ring.py): the ring's slot mode a
pipeline state's index selects is its stage, though the buffer holds the kernel's values, not metadata; a view of one
word of a slot is no slot (its cosize says nothing of the ring's modes); and the two one-word views a bare cp.async
atom moves, in a kernel with an MMA, are that copy's atom along the keys."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "scale_ring.py")


@pytest.fixture(scope="module")
def ring():
    return trace_json(f"{KERNEL}:compile_scale_ring", arch="sm_80")


def test_a_value_buffers_mode_a_pipeline_states_index_selects_is_its_stage(ring):
    assert labels_of(ring, "ring")[0] == ["block-atom-K", "stage"]


def test_one_word_views_a_bare_copy_atom_moves_are_its_atom_beside_an_mma(ring):
    # (their axis: the word's address is computed from the thread index, which no data flow here ties to the keys)
    assert labels_of(ring, "word")[0][0].startswith("copy-atom")
    assert labels_of(ring, "cell")[0][0].startswith("copy-atom")
