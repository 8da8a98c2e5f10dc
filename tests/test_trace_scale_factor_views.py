"""A block-scaled warp MMA issued by `cute.gemm(mma, acc, [a, sfa], [b, sfb], acc)` (tests/kernels/
scale_factor_views.py) whose scale factors are UE8M0 views over register packs, with more modes than an operand's
(atom, rest, rest): the views are the MMA's operand (`levels.scale_operand`), the K values one scale covers its atom
along K, the row tiles along the slot's M (A's scales) or N (B's), the k-blocks and k-tiles along K."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "scale_factor_views.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_scale_factor_views", arch="sm_120a")


def test_scale_factor_views_an_mma_reads_are_its_operand(events):
    assert labels_of(events, "view_a")[0] == ["mma-atom-K", "mma-rest-M"] + ["mma-rest-K"] * 4
    assert labels_of(events, "view_b")[0] == ["mma-atom-K", "mma-rest-N"] + ["mma-rest-K"] * 4
