"""Score the tracer against hand-judged labels of corpus kernels (examples/corpus/*_judged.json).

    python3 examples/corpus/score_judged.py [examples/corpus/fmha_bwd_judged.json ...] [--details]

With no file named, every `*_judged.json` next to this script is scored; the figures are printed per file and
in total.
The entries have the gold set's format (tests/gold/README.md); `wrapper` names a corpus wrapper here and `file`
is relative to the checkout it comes from (CUTLASS_DSL_EXAMPLES, FLASH_ATTENTION_DIR or QUACK_DIR, see
_sources.py). Matching and comparison are the gold scorer's (tests/gold/score.py). Run from the repository root
with the tree to score on PYTHONPATH. Exit codes: 0 scored, 2 a judged file or wrapper could not be read.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [_HERE, os.path.dirname(os.path.dirname(_HERE))]

import _sources  # noqa: E402
from tests.gold import _trace, score  # noqa: E402

_ROOTS = (os.environ.get("CUTLASS_DSL_EXAMPLES", "/tmp/cutlass/examples/python/CuTeDSL"),
          _sources.FLASH_ATTENTION_DIR, _sources.QUACK_DIR)


def checkout_relative(path: str) -> str:
    """A kernel file's path relative to the public checkout holding it; other paths unchanged."""
    for root in _ROOTS:
        root = os.path.abspath(root) + os.sep
        if path.startswith(root):
            return path[len(root):]
    return path


def score_entries(entries: list[dict]) -> score.Tally:
    tally = score.Tally()
    by_wrapper: dict = {}
    for entry in entries:
        by_wrapper.setdefault(entry["wrapper"], []).append(entry)
    for wrapper, group in by_wrapper.items():
        crashed, events = None, []
        try:
            events = _trace.trace_wrapper(os.path.join(_HERE, f"{wrapper}.py"))["events"]
        except (_trace.TraceFailed, OSError, ValueError) as error:
            crashed = str(error)
            print(f"crash: {crashed}", file=sys.stderr)
        for event in events:
            event["file"] = checkout_relative(event["file"])
        for entry, event, output, name_right in score.match(events, group):
            tally.add(entry, event, output, name_right, crashed)
    return tally


def _summary(tally: score.Tally) -> str:
    f = tally.figures()
    return (f"tensors right {f['tensors_right']}/{f['tensors']} ({f['tensors_right_pct']}%)  leaves "
            f"{f['leaf_accuracy_pct']}%  names wrong {f['names_wrong']}  unlabelled modes {f['unlabelled_modes']} "
            f"({f['unlabelled_pct']}%)  not found {f['not_found']}  crashed {len(f['crashed_wrappers'])}")


def _merge(total: score.Tally, part: score.Tally) -> None:
    """Add one file's tally into the total (every counter, and the lists of misses)."""
    for key, value in vars(part).items():
        mine = getattr(total, key)
        setattr(total, key, mine | value if isinstance(value, (set, dict)) else mine + value)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="score_judged.py", description=__doc__.splitlines()[0])
    parser.add_argument("judged", nargs="*", help="judged files (default: every *_judged.json here)")
    parser.add_argument("--details", action="store_true", help="list every disagreement")
    args = parser.parse_args(argv)
    paths = args.judged or sorted(glob.glob(os.path.join(_HERE, "*_judged.json")))
    judged = {}
    for path in paths:
        try:
            with open(path) as f:
                judged[path] = json.load(f)
        except (OSError, json.JSONDecodeError) as error:
            print(f"{path}: cannot read the judged labels: {error}", file=sys.stderr)
            return 2
    total = score.Tally()
    for path, entries in judged.items():
        tally = score_entries(entries)
        print(f"{os.path.basename(path):<36} {_summary(tally)}")
        _merge(total, tally)
        if args.details:
            for d in tally.disagreements:
                state = "CRASHED" if d["crashed"] else "NOT FOUND" if d["missing"] else ""
                print(f"\n{d['line']}  {d['name']} {d['shape']}  {state}\n  gold: {' '.join(d['gold'])}\n"
                      f"  got:  {' '.join(d['got']) if d['got'] else d['got']}   (record names {d['got_name']})")
            print()
    if len(judged) > 1:
        print(f"{'total':<36} {_summary(total)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
