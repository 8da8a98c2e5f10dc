"""Print a corpus wrapper's tensors WITHOUT the tracer's labels, for judging a kernel by hand.

    python3 examples/corpus/shapes.py examples/corpus/blackwell_mla.py [--all]

The corpus counterpart of `python -m tests.gold.shapes`: one line per record (index, file relative to its public
checkout, line, function, names, op, memspace, dtype, shape, layout, the records it was made from). Levels, leaf
labels, label rules and origins are left out on purpose. Records of the public checkouts only, unless --all.
Run from the repository root with the tree to trace on PYTHONPATH. Exit codes: 0 printed, 2 no trace.
"""

from __future__ import annotations

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [_HERE, os.path.dirname(os.path.dirname(_HERE))]

from score_judged import checkout_relative  # noqa: E402
from tests.gold import _trace  # noqa: E402


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    show_all = "--all" in args
    args = [a for a in args if a != "--all"]
    if len(args) != 1:
        print("usage: python3 examples/corpus/shapes.py WRAPPER.py [--all]", file=sys.stderr)
        return 2
    try:
        trace = _trace.trace_wrapper(args[0])
    except (_trace.TraceFailed, OSError, ValueError) as error:
        print(f"{args[0]}: {error}", file=sys.stderr)
        return 2
    for e in trace["events"]:
        path = checkout_relative(e["file"])
        if not show_all and path == e["file"]:
            continue
        names = ",".join(n or "-" for n in e["names"]) or "-"
        print(f'#{e["index"]:<4} {path}:{e["line"]:<5} {e["function"]:<24.24} {names:<22} {e["op"]:<20} '
              f'{"/".join(map(str, e["memspaces"])):<6} {"/".join(map(str, e["dtypes"])):<6} '
              f'{" | ".join(map(str, e["shapes"]))}  {" | ".join(map(str, e["layouts"]))}  <- {e["inputs"]}')
    return 0


if __name__ == "__main__":
    sys.exit(main())
