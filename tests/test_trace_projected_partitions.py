"""Projected outer partitions (tests/kernels/projected_partitions.py): one thread layout over a product's (M, N)
partitioning A keeping its rows, B its columns and C both is a SIMT MMA's partition, not a copy's."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "projected_partitions.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_simt", arch="sm_80")


def test_projected_partitions_are_the_products_and_a_plain_one_the_copys(events):
    for name in ("part_l", "part_r", "part_o", "sums"):
        assert {label.split("-")[0] for label in labels_of(events, name)[0]} == {"mma"}, name
    assert {label.split("-")[0] for label in labels_of(events, "moved_l")[0]} == {"copy"}


def test_a_mode_past_the_two_a_projected_gemm_tiler_names_is_the_batch():
    events = trace_json(f"{KERNEL}:compile_batched", arch="sm_80")
    assert labels_of(events, "src")[0] == ["input-mode-M", "input-mode-K", "input-mode-L"]
