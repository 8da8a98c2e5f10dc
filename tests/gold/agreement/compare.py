"""How often two judges agree on the gold set's labels (tests/gold/agreement/README.md).

    python -m tests.gold.agreement.compare tests/gold/heldout.json tests/gold/agreement/second_judge.json [--details]

FIRST is the reference judgement (the gold file), SECOND a second judge's labels of a sample of its tensors. Each
SECOND entry is matched to the FIRST entry with the same (wrapper, file, kernel, name, line, shape); leaves compare
as the scorer compares them (level, role and axis; an MMA's name after the level ignored, `?` the same as no axis).
Prints tensors with every leaf equal and leaves equal, overall and per wrapper; `--details` lists each disagreeing
tensor leaf by leaf. Exit codes: 0 compared, 2 a file could not be read or a sampled tensor is not in FIRST.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from tests.gold.score import compare as _leaves_equal

_KEY = ("wrapper", "file", "kernel", "name", "line", "shape")


def _key(entry: dict) -> tuple:
    return tuple(entry[k] for k in _KEY)


def agreement(first: list[dict], second: list[dict]) -> dict:
    """Per wrapper and in all: tensors and leaves compared and equal, and the disagreeing pairs.

    Raises KeyError naming a SECOND entry that FIRST lacks (the sample must come from FIRST)."""
    by_key = {_key(e): e for e in first}
    tally: dict = defaultdict(lambda: {"tensors": 0, "tensors_equal": 0, "leaves": 0, "leaves_equal": 0})
    disagreements = []
    for entry in second:
        ref = by_key.get(_key(entry))
        if ref is None:
            raise KeyError(f"{entry['wrapper']} {entry['name']} line {entry['line']} {entry['shape']}: not in FIRST")
        equal = _leaves_equal(ref["leaves"], entry["leaves"])
        for row in (tally[entry["wrapper"]], tally["all"]):
            row["tensors"] += 1
            row["tensors_equal"] += all(equal)
            row["leaves"] += len(equal)
            row["leaves_equal"] += sum(equal)
        if not all(equal):
            disagreements.append((ref, entry, equal))
    return {"wrappers": dict(tally), "disagreements": disagreements}


def _percent(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else "0/0"


def _print(result: dict, details: bool) -> None:
    rows = result["wrappers"]
    print(f"{'wrapper':34} {'tensors equal':>18} {'leaves equal':>18}")
    for name in sorted(rows, key=lambda n: (n == "all", n)):
        row = rows[name]
        print(f"{name:34} {_percent(row['tensors_equal'], row['tensors']):>18} "
              f"{_percent(row['leaves_equal'], row['leaves']):>18}")
    if not details:
        return
    for ref, entry, equal in result["disagreements"]:
        print(f"\n{entry['wrapper']} {entry['kernel']} {entry['name']} line {entry['line']} {entry['shape']}")
        for a, b, same in zip(ref["leaves"], entry["leaves"], equal):
            print(f"  {'=' if same else 'x'} {a:22} {b}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", help="the reference judgement (a gold file)")
    parser.add_argument("second", help="a second judge's labels of a sample of FIRST's tensors")
    parser.add_argument("--details", action="store_true", help="list every disagreeing tensor leaf by leaf")
    args = parser.parse_args(argv)
    try:
        files = []
        for path in (args.first, args.second):
            with open(path) as f:
                files.append(json.load(f))
        result = agreement(*files)
    except (OSError, ValueError, KeyError) as err:
        print(f"compare: {err}", file=sys.stderr)
        return 2
    _print(result, args.details)
    return 0


if __name__ == "__main__":
    sys.exit(main())
