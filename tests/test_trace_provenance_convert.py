"""Labels from the data flow on a GEMM whose operand the kernel converts and writes where the MMA reads it."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_convert.py")


@pytest.fixture(scope="module")
def converted():
    return trace_json(f"{KERNEL}:compile_converted", arch="sm_100a")


def test_tmem_laid_out_as_an_mma_fragment_past_the_accumulator_is_that_operand(converted):
    # `make_tensor(acc.iterator + cols, mma.make_fragment_A(...).layout)`: the A operand, not the accumulator's
    # storage re-read in another shape
    assert labels_of(converted, "decoded")[0] == ["mma-atom-M", "mma-atom-K", "mma-rest-M", "mma-rest-K", "stage"]


def test_the_hosts_divide_of_the_whole_output_by_the_cta_tile_is_block(converted):
    # `zipped_divide(out, cta_tile)` for the grid: CTA tiles along M and N, not the epilogue's subtiles
    assert labels_of(converted, "grid")[0] == ["block-atom-M", "block-atom-N", "block-rest-M", "block-rest-N"]
