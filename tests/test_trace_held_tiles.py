"""Slot leaves of a nested mode that MMA issues walk within one accumulation, or select together with the
accumulator's, hold a product's tiles at once; a pipeline state's slot stays a stage (tests/kernels/held_tiles.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "held_tiles.py")


@pytest.fixture(scope="module", params=["walked", "unrolled"])
def case(request):
    events = trace_json(f"{KERNEL}:compile_{request.param}", arch="sm_100a")
    names = {"walked": ("fa", "fb", "out"), "unrolled": ("ua", "ub", "res")}[request.param]
    return events, names


def test_k_tiles_of_a_nested_slot_mode_are_rests_along_k(case):
    # fa[None, None, k, (part, 0)]: the part leaf, walked into one accumulator slice, cuts K as MMA_K does; the
    # buffer the fragment was made from carries the same leaf; the extent-1 ring leaf stays a stage
    events, (a, b, _) = case
    assert labels_of(events, a)[0][-2:] == ["mma-rest-K", "stage"]
    assert labels_of(events, b)[0][-2] == "mma-rest-K"


def test_column_halves_selected_with_the_accumulators_are_rests_along_n(case):
    # fb[..., ((half, part), state.index)] into out[..., half]: both half leaves are the product's column blocks
    events, (_, b, acc) = case
    assert labels_of(events, b)[0][-3] == "mma-rest-N"
    assert labels_of(events, acc)[0][-1] == "mma-rest-N"


def test_a_pipeline_states_slot_stays_a_stage(case):
    events, (_, b, _) = case
    assert labels_of(events, b)[0][-1] == "stage"


def test_one_slot_per_accumulator_stays_a_stage():
    # fp[None, None, k, slot] into both[..., slot]: each slot a tile of its own product, as two Q tiles are
    events = trace_json(f"{KERNEL}:compile_unrolled", arch="sm_100a")
    assert labels_of(events, "fp")[0][-1] == "stage"
    assert labels_of(events, "both")[0][-1] == "stage"


def test_weight_stationary_mmas_issued_by_hand_are_products_of_their_slices():
    # nvvm.tcgen05_mma_ws over the fragments' descriptors and the accumulator slice's address: a gemm of those
    # tensors, whose slots label them and whose slices say which leaves are k-tiles and column halves
    events = trace_json(f"{KERNEL}:compile_ws", arch="sm_100a")
    gemms = [e for e in events if e["op"] == "gemm"]
    assert gemms and {events[i]["names"][0] for i in gemms[0]["operands"].values() if i is not None} \
        == {"wa", "wb", "sums"}
    assert labels_of(events, "wa")[0][-2:] == ["mma-rest-K", "stage"]
    assert labels_of(events, "wb")[0][-3:] == ["mma-rest-N", "mma-rest-K", "stage"]
    assert labels_of(events, "sums")[0][-1] == "mma-rest-N"


def test_a_loaders_view_of_a_held_buffer_holds_the_same_k_tiles():
    # `get_tensor` of A's field in the TMA's box layout: its slot leaf of the same extent and stride is the same
    # k-tiles, a rest at the view's own level (Block); the ring leaf stays a stage
    events = trace_json(f"{KERNEL}:compile_loader", arch="sm_100a")
    assert labels_of(events, "tiles")[0][-2:] == ["mma-rest-K", "stage"]
    assert labels_of(events, "loads")[0][-2:] == ["block-rest-K", "stage"]


def test_accumulator_column_halves_a_loop_walks_are_rests_along_n():
    # halves[..., half] for half in range(2), B's tile in the ring's next slot each time: O's column blocks
    events = trace_json(f"{KERNEL}:compile_columns", arch="sm_100a")
    assert labels_of(events, "halves")[0][-1] == "mma-rest-N"
    assert labels_of(events, "ring")[0][-1] == "stage"


_LOWERED = """
import json, os, sys
sys.path.insert(0, {root!r})
import cute_inspect
from cute_inspect.trace.target import _load
with cute_inspect.trace() as t:
    _load({target!r})()
print(json.dumps([r.names[0] for r in t.records if r.names]))
"""


@pytest.mark.parametrize("case", ["walked", "unrolled"])
def test_held_tiles_are_read_while_the_ir_lives(case):
    # `trace()` around a compile that lowers: `finish` runs after the IR is freed, so which slice index is a loop's
    # own is read when the MMA issue is recorded (reading it at the end crashed the process)
    import json
    import subprocess
    import sys

    target = f"{KERNEL}:compile_{case}"
    proc = subprocess.run([sys.executable, "-c", _LOWERED.format(root=ROOT, target=target)], capture_output=True,
                          text=True, cwd=ROOT, timeout=600,
                          env={**os.environ, "CUTE_DSL_ARCH": "sm_100a", "CUTE_DSL_DRYRUN": "0"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert {"walked": "fb", "unrolled": "ub"}[case] in json.loads(proc.stdout.strip().splitlines()[-1])
