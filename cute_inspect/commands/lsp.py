"""`cute-inspect lsp`: serve the language server protocol on standard input and output (see cute_inspect.lsp)."""

from __future__ import annotations

import argparse

_EXIT_WITHOUT_SHUTDOWN = 1  # the protocol's: an `exit` (or a closed input) that no `shutdown` came before


def register(subparsers) -> None:
    p = subparsers.add_parser("lsp", help="language server for editors: hover shapes, diagnostics, renames",
                              description=__doc__)
    p.add_argument("--trace-timeout", type=_seconds, default=120.0, metavar="SECONDS",
                   help="stop a trace that runs longer (default 120)")
    p.add_argument("--inlay-hints", action="store_true",
                   help="show each traced tensor's shape at the end of its line (also initializationOptions "
                        "{\"inlayHints\": true})")
    p.add_argument("--no-trace-on-open", dest="trace_on_open", action="store_false",
                   help="do not run the project's trace targets when a file is opened, only after a save "
                        "(also initializationOptions {\"traceOnOpen\": false})")
    p.set_defaults(func=_main)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0 (e.g. 120)")
    return value


def _main(args) -> int:
    from cute_inspect.findings import EXIT_OK
    from cute_inspect.lsp import serve

    return EXIT_OK if serve(args.trace_timeout, args.inlay_hints, args.trace_on_open) else _EXIT_WITHOUT_SHUTDOWN
