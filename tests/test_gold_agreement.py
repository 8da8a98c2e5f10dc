"""The two-judge agreement script (tests/gold/agreement/compare.py) counts tensors and leaves as the scorer compares."""

import json

from tests.gold.agreement import compare

_BASE = {"wrapper": "w", "file": "k.py", "kernel": "kernel", "line": 10}


def _entry(name, shape, leaves, wrapper="w"):
    return {**_BASE, "wrapper": wrapper, "name": name, "shape": shape, "leaves": leaves}


FIRST = [
    _entry("gA", "(128,64,4)", ["block-atom-M", "block-atom-K", "block-rest-K"]),
    _entry("tCrA", "((2,2),1)", ["mma_qk-atom-M", "mma-atom-?", "mma-rest-M"], wrapper="v"),
    _entry("unsampled", "(8)", ["copy-atom-N"]),
]
SECOND = [
    # equal once the MMA's name is dropped and `?` read as no axis
    _entry("tCrA", "((2,2),1)", ["mma-atom-M", "mma-atom", "mma-rest-M"], wrapper="v"),
    # one leaf of three differs (the axis)
    _entry("gA", "(128,64,4)", ["block-atom-M", "block-atom-K", "block-rest-M"]),
]


def test_counts_tensors_and_leaves_per_wrapper():
    result = compare.agreement(FIRST, SECOND)
    rows = result["wrappers"]
    assert rows["all"] == {"tensors": 2, "tensors_equal": 1, "leaves": 6, "leaves_equal": 5}
    assert rows["v"]["tensors_equal"] == 1 and rows["w"]["tensors_equal"] == 0
    [(ref, entry, equal)] = result["disagreements"]
    assert entry["name"] == "gA" and equal == [True, True, False]


def test_a_sampled_tensor_missing_from_the_reference_is_an_error(tmp_path, capsys):
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps(FIRST[1:]))
    second.write_text(json.dumps(SECOND))
    assert compare.main([str(first), str(second)]) == 2
    assert "gA line 10 (128,64,4): not in FIRST" in capsys.readouterr().err
