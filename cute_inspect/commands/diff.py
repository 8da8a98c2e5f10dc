"""`cute-inspect diff OLD NEW`: what changed between two JSON traces (exit 0 nothing, 1 something, 2 bad input)."""

from __future__ import annotations

import json
import sys

from cute_inspect.diff.compare import TraceFileError, diff_traces, load_trace
from cute_inspect.findings import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK


def register(subparsers) -> None:
    p = subparsers.add_parser("diff", help="what changed between two JSON traces (trace --format json)",
                              description=__doc__)
    p.add_argument("old", metavar="OLD", help="a JSON trace: `cute-inspect trace TARGET --format json -o OLD`")
    p.add_argument("new", metavar="NEW", help="the JSON trace to compare with OLD")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=_main)


def _main(args) -> int:
    try:
        old, new = load_trace(args.old), load_trace(args.new)
    except TraceFileError as error:
        print(f"cute-inspect: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    changes = diff_traces(old, new)
    if args.format == "json":
        sys.stdout.write(json.dumps(changes.to_json(), indent=1) + "\n")
    else:
        sys.stdout.write(changes.text())
    return EXIT_FINDINGS if changes.changed else EXIT_OK
