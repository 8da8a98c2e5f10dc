"""A skinny GEMM by FMAs over register arrays holding several rows each (tests/kernels/register_products.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "register_products.py")


@pytest.fixture(scope="module")
def products():
    return trace_json(f"{KERNEL}:compile_register_products", arch="sm_90a")


def test_the_factors_leaves_indexed_as_the_accumulators_modes_are_its_rows(products):
    # `acc[i, j] += xr[i, v] * wr[j, v]`: xr's i is M, wr's j is N, v (walked by both) K
    assert labels_of(products, "xr")[0] == ["copy-rest-M", "copy-atom-K"]
    assert labels_of(products, "wr")[0] == ["copy-rest-N", "copy-atom-K"]


def test_the_accumulator_of_such_products_is_the_ctas_output_tile(products):
    assert labels_of(products, "acc")[0] == ["block-atom-M", "block-atom-N"]


def test_the_warps_partial_sums_of_such_products_run_along_k(products):
    assert labels_of(products, "sums")[0] == ["block-atom-M", "block-atom-N", "block-rest-K"]
