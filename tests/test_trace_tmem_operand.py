"""A TMEM A operand laid over the accumulator's storage: written with values loaded from SMEM (a mixed-input
GEMM's converter warps), its copies are the operand's (copy level); written from the accumulator's own values
(attention's P over S), they are the MMA's epilogue (store level)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "tmem_operand.py")


@pytest.fixture(scope="module")
def widen():
    return trace_json(f"{KERNEL}:compile_widen", arch="sm_100a")


@pytest.fixture(scope="module")
def rewrite():
    return trace_json(f"{KERNEL}:compile_rewrite", arch="sm_100a")


def _levels(labels):
    return {label.split("-")[0] for label in labels}


def test_copies_into_a_tmem_operand_from_smem_are_the_operands(widen):
    for name in ("into", "out_of", "loaded", "widened"):  # both sides, and the registers between
        labels, _ = labels_of(widen, name)
        assert labels[0].startswith("copy-atom") and "store" not in _levels(labels), (name, labels)


def test_copies_into_it_from_the_accumulator_stay_its_epilogue(rewrite):
    for name in ("into", "halves"):
        labels, _ = labels_of(rewrite, name)
        assert labels[0].startswith("store-atom"), (name, labels)
