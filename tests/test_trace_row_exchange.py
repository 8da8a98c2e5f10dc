"""One-mode register arrays computed from a copied fragment settle the axes without a crash (a one-mode array's shape
is a bare extent)."""

import os

import pytest
from _cli import ROOT, cute_inspect

KERNEL = os.path.join(ROOT, "tests", "kernels", "row_exchange.py")


@pytest.fixture(scope="module")
def done():
    return cute_inspect("trace", f"{KERNEL}:compile_row_exchange", "--arch", "sm_80", "--format", "json")


def test_the_axes_settle_without_an_error(done):
    assert done.returncode == 0, done.stderr
    assert "could not observe" not in done.stderr
