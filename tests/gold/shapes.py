"""Print a traced wrapper's tensors WITHOUT the tracer's labels, for judging a kernel by hand.

    python -m tests.gold.shapes tests/gold/wrappers/fa_bwd_sm90.py [--all]

One line per record: index, line, names, op, memspace, dtype, shape, layout (and the record numbers it was made
from). Levels, leaf labels, label rules and origins are left out on purpose, so a judge is not biased by the
tool. Kernel-package records only, unless --all.
"""

from __future__ import annotations

import sys

from tests.gold import _trace


def main(argv=None, *, prog: str = "python -m tests.gold.shapes", place=None) -> int:
    """Print the records; `place(file)` is the path shown for a record's file, or None for a record outside the
    kernel's code (printed as traced with --all only). By default: the gold set's packages' records."""
    place = place or (lambda file: file if _trace.in_package(file) else None)
    args = list(sys.argv[1:] if argv is None else argv)
    show_all = "--all" in args
    args = [a for a in args if a != "--all"]
    if len(args) != 1:
        print(f"usage: {prog} WRAPPER.py [--all]", file=sys.stderr)
        return 2
    absent = _trace.source_absent(args[0])
    if absent:
        print(f"{args[0]}: {absent}; tests/gold/README.md (Sixteenth split) says how to recreate the tree",
              file=sys.stderr)
        return 2
    try:
        trace = _trace.trace_wrapper(args[0])
    except (_trace.TraceFailed, OSError, ValueError) as error:
        print(f"{args[0]}: {error}", file=sys.stderr)
        return 2
    for e in trace["events"]:
        path = place(e["file"])
        if path is None and not show_all:
            continue
        names = ",".join(n or "-" for n in e["names"]) or "-"
        print(f'#{e["index"]:<4} {path or e["file"]}:{e["line"]:<5} {e["function"]:<24.24} {names:<22} {e["op"]:<20} '
              f'{"/".join(map(str, e["memspaces"])):<6} {"/".join(map(str, e["dtypes"])):<6} {" | ".join(map(str, e["shapes"]))}  '
              f'{" | ".join(map(str, e["layouts"]))}  <- {e["inputs"]}')
    return 0

if __name__ == "__main__":
    sys.exit(main())
