"""Block-scaled mma.sync products chained through registers (tests/kernels/scaled_chain.py): `cute.gemm` takes
each operand as `[values, scale factors]`; the values are the operand, so the scores' registers reach the second
product's A slot and the axes are attention's, whichever way the registers are filled."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "scaled_chain.py")


@pytest.fixture(scope="module", params=["listed", "elementwise"])
def chained(request):
    return trace_json(f"{KERNEL}:compile_{request.param}", arch="sm_120a")


def test_a_listed_operand_is_its_first_tensor(chained):
    first, second = _products(chained)
    (packed,) = [e for e in chained if "packed" in e["names"]]
    assert second["operands"]["A"] == packed["index"]
    # the scale factors are read too, but they are no operand's values
    assert len(first["inputs"]) == 6 and first["operands"]["A"] != first["inputs"][2]


def test_scores_packed_into_a_scaled_operand_make_attention_axes(chained):
    assert labels_of(chained, "x")[0] == ["input-mode-Q", "input-mode-D"]
    assert labels_of(chained, "y")[0] == ["input-mode-K", "input-mode-D"]
    # the second product's B operand is (N, K) = (head dim, keys); its output (queries, head dim)
    assert labels_of(chained, "z")[0] == ["input-mode-D", "input-mode-K"]
    assert labels_of(chained, "out")[0] == ["input-mode-Q", "input-mode-D"]
    # the A fragment, however it was made, is the MMA's: its atom's values run along keys, queries, keys
    assert labels_of(chained, "packed")[0] == ["mma-atom-K", "mma-atom-Q", "mma-atom-K", "mma-rest-Q", "mma-rest-K"]
    assert labels_of(chained, "second")[0][2:] == ["mma-rest-Q", "mma-rest-D"]


def _products(events):
    """The first gemm of each accumulator, in order."""
    seen, out = set(), []
    for e in events:
        if e["op"] == "gemm" and e["operands"]["D"] not in seen:
            seen.add(e["operands"]["D"])
            out.append(e)
    return out
