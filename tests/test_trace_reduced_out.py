"""A result reduced into global memory by inline PTX (a dQ tile added across CTAs): a bulk reduce of an SMEM staging
tile, and `red.global.add` of packed registers. No CuTe copy writes global memory; the PTX does, so the staging
tile's r2s partition and the packed registers are the store's."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "reduced_out.py")


@pytest.fixture(scope="module")
def reduced():
    return trace_json(f"{KERNEL}:compile_reduced_out", arch="sm_90a")


def test_the_staging_tiles_r2s_partition_is_a_store(reduced):
    assert all(label.startswith("store-") for label in labels_of(reduced, "into")[0])


def test_the_staging_tile_is_the_epilogues_buffer(reduced):
    assert labels_of(reduced, "s_acc")[0][0].startswith("epi-")


def test_registers_a_red_add_writes_out_are_a_store(reduced):
    assert labels_of(reduced, "packed")[0] == ["store-atom"]
