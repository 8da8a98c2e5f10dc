"""A result staged in shared memory by hand, chunk by chunk, then copied out (tests/kernels/staged_chunks.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "staged_chunks.py")


@pytest.fixture(scope="module")
def staged():
    return trace_json(f"{KERNEL}:compile_staged_chunks", arch="sm_100a")


def test_registers_copied_into_a_chunk_of_a_staging_tile_are_the_written_result(staged):
    # `copy(narrow, codes, make_tensor(tile.iterator + r * 64 + g * 8, 8))`: codes and the chunk stage the result
    assert labels_of(staged, "codes")[0] == ["store-atom-N"]
    assert labels_of(staged, "chunk")[0] == ["store-atom-N"]


def test_registers_moving_a_staged_chunk_out_to_global_memory_are_the_stores(staged):
    # SMEM chunk -> registers -> global view: the write-out's second leg, every side of it Store
    assert labels_of(staged, "staged")[0] == ["store-atom-N"]
    assert labels_of(staged, "words")[0] == ["store-atom-N"]
    assert labels_of(staged, "out")[0] == ["store-atom-N"]


def test_the_staging_tile_itself_stays_the_ctas_tile(staged):
    assert labels_of(staged, "tile")[0][0].startswith("block-atom")


def test_registers_written_element_by_element_into_a_staging_tile_carried_out_are_written_out(staged):
    # `tile[r, 63] = scale_byte[0]`, the tile's chunks copied out to global memory: the scale is the result's
    assert labels_of(staged, "scale_byte")[0] == ["store-atom"]
    assert labels_of(staged, "scale")[0] == ["store-atom"]
