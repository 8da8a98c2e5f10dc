"""A block-scaled tcgen05 MMA's scale factors read from TMEM: the TMEM tensors are the MMA's A and B scale operands
whether `cute.gemm` lists them beside the operands or `tiled_mma.set(Field.SFA / SFB, ...)` names them; their
`filter_zeros` views made for the S2T copy before either are the operands too; the SMEM scales that copy reads hold
the operands' tiles in the same form; the lane quadrants tcgen05.cp fills from one broadcast source leaf run
along no axis; and scales laid over the accumulator's TMEM are filled by an operand copy, not read out as a store."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "scale_operands.py")

SCALES_A = ["mma-atom-M", "mma-atom-M", "mma-atom-M", "mma-atom-K", "mma-atom-K", "mma-rest-M", "mma-rest-K"]
# ((32, 4), 4): 32 lanes by 4 bytes hold the 128 rows; the 4 lane quadrants each hold a copy
REPLICATED_A = ["mma-atom-M", "mma-atom-M", "mma-atom", "mma-atom-K", "mma-atom-K", "mma-rest-M", "mma-rest-K"]
REPLICATED_B = [label.replace("-M", "-N") for label in REPLICATED_A]


def traced(events, name):
    """The leaf labels of every traced tensor named `name`, in trace order."""
    return [e["leaf_labels"][e["names"].index(name)] for e in events if name in e["names"]]


@pytest.fixture(scope="module", params=["compile_listed", "compile_set"])
def events(request):
    return trace_json(f"{KERNEL}:{request.param}", arch="sm_100a")


def test_tmem_scale_factors_are_the_mma_operands_their_quadrant_copies_on_no_axis(events):
    assert traced(events, "kept_a") == [REPLICATED_A]
    assert traced(events, "kept_b") == [REPLICATED_B]


def test_the_filter_zeros_views_made_before_the_mma_names_them_are_the_operands(events):
    # A's view first, then B's: both made in the S2T helper, before the MMA reads the scale factors
    assert traced(events, "kept_flat") == [REPLICATED_A, REPLICATED_B]


@pytest.fixture(scope="module")
def raw_events():
    return trace_json(f"{KERNEL}:compile_raw", arch="sm_100a")


def test_smem_scales_the_s2t_copy_reads_are_the_operands_in_mma_form(raw_events):
    # one stage allocated without a stage mode, so no buffer rule says MMA form: the copy into the operand does
    assert traced(raw_events, "held_a")[-1] == SCALES_A
    assert traced(raw_events, "held_flat")[0] == SCALES_A


@pytest.fixture(scope="module")
def over_sums_events():
    return trace_json(f"{KERNEL}:compile_over_sums", arch="sm_100a")


def test_the_s2t_copy_into_scales_laid_over_the_accumulator_storage_is_an_operand_copy(over_sums_events):
    # the TMEM scales sit at offsets from the accumulator's pointer: the MMA is set to read them, so the tcgen05.cp
    # that fills them moves an operand in (copy), not the accumulator out (store)
    for name in ("src", "dst"):
        partitions = traced(over_sums_events, name)
        assert len(partitions) == 2
        assert all(label.split("-")[0] in ("copy", "stage") for labels in partitions for label in labels), partitions
