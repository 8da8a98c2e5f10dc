"""A buffer's slots that a loop's index walks within one accumulation are k-tiles, not pipeline stages
(tests/kernels/k_tiles.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "k_tiles.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_held", arch="sm_100a")


def test_slots_a_loop_index_selects_in_an_operand_are_k_tiles(events):
    # fa[None, None, k, part]: the loop walks A's four slots into one accumulator, so they cut the K axis as
    # MMA_K does; the buffer the fragment was made from carries the same mode
    for name in ("fa", "first"):
        assert labels_of(events, name)[0][-1] == "mma-rest-K", name
    assert labels_of(events, "fa")[0][-2] == "mma-rest-K"


def test_slots_a_pipeline_state_selects_stay_stages(events):
    # fb[None, None, k, state.index]: the ring's slots, one per stage of the pipeline
    for name in ("fb", "second"):
        assert labels_of(events, name)[0][-1] == "stage", name
