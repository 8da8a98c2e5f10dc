"""A chunked delta rule's preparation issued by hand (tests/kernels/chunk_tokens.py): a Gram matrix of a chunk's
tokens (one SMEM tile read as A and B) is over the key tokens both ways and contracts their feature dim; the values
it makes, through registers, an SMEM scratch tile and a warp MMA, into TMEM as the next MMA's A, stay over the
tokens; an SMEM buffer laid out in a TMA atom's SMEM layout has the head that atom's tiler cuts to one."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "chunk_tokens.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_tokens", arch="sm_100a")


def test_a_size1_mode_of_a_tma_box_buffer_is_the_mode_the_tiler_cuts_to_one(events):
    # the head the host's `cta_tiler=(CHUNK, 1, D)` takes one of: joined to the tensor's heads
    assert labels_of(events, "ks")[0] == ["mma-atom-K", "mma-atom-H", "mma-atom-D", "stage"]


def test_a_gram_matrix_is_over_the_key_tokens_and_contracts_the_feature_dim(events):
    for event in (e for e in events if e["names"] == ["keys"]):  # the host's tensor and the kernel's parameter
        assert event["leaf_labels"][0] == ["input-mode-K", "input-mode-H", "input-mode-D"]
    assert labels_of(events, "tile")[0] == ["block-atom-K", "block-atom-D"]
    # the product reading the tokens x tokens values in A contracts the tokens: Y's rows, its columns the head dim
    assert labels_of(events, "ys")[0] == ["mma-atom-K", "mma-atom-D"]


def test_a_warp_mma_reading_the_tokens_matrix_in_both_slots_is_over_the_tokens(events):
    # A's and C's registers mix two of its axes: both the tokens
    for name in ("blk", "col", "inv"):
        assert labels_of(events, name)[0] == ["mma-atom-K"], name


def test_product_values_copied_into_smem_are_stored_along_the_tokens(events):
    assert labels_of(events, "tri")[0] == ["store-atom-K"]
    # and the SMEM view the copy writes is its destination side
    assert labels_of(events, "row_out")[0][0].startswith("store-")


def test_registers_made_in_an_smem_slices_shape_are_what_fills_them(events):
    # they take the slice's axis by its shape, not its level: a copy from SMEM fills them
    assert labels_of(events, "y_regs")[0][0].startswith("copy-atom")


def test_registers_combined_with_the_tokens_values_are_their_side_inputs(events):
    # laid out against one load's registers: every mode inside its atom
    assert labels_of(events, "gate")[0] == ["store-atom-K", "store-atom-K"]


def test_registers_written_where_the_tokens_matrix_is_read_run_along_the_tokens(events):
    # stored into TMEM by hand, and the registers they were computed from: the tokens x tokens values
    for name in ("half", "scaled"):
        assert labels_of(events, name)[0] == ["store-atom-K", "store-rest-K"], name
