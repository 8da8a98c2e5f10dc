"""`cute-inspect trace TARGET`: compile a target under the tracer and print its records."""

from __future__ import annotations

import sys

from cute_inspect.commands._target import add_target_arguments, dot_missing_note, run_target
from cute_inspect.findings import EXIT_BAD_INPUT, EXIT_OK


def register(subparsers) -> None:
    p = subparsers.add_parser("trace", help="record every tile and partition of a compile, labelled by level",
                              description=__doc__)
    add_target_arguments(p)
    p.add_argument("--format", choices=("text", "json", "markdown"), default="text")
    p.add_argument("-o", "--output", metavar="FILE", help="write there instead of standard output")
    p.add_argument("--html", metavar="FILE", help="also write the self-contained HTML report")
    p.set_defaults(func=_main, target_run=lambda args: args.target)


def _main(args) -> int:
    from cute_inspect.commands._output import check_outputs, write_output
    from cute_inspect.trace import report as _report
    from cute_inspect.trace.target import target_file

    source = target_file(args.target)
    if not check_outputs([("-o", args.output), ("--html", args.html)],
                         {source: "the target's source file"} if source else None):
        return EXIT_BAD_INPUT
    trace, _contracts, code = run_target(args.target, args.arch)
    if trace is None:
        return code
    text = {"text": _report.format_text, "json": _report.format_json,
            "markdown": _report.format_markdown}[args.format](trace)
    if args.output:
        if not write_output("-o", args.output, text):
            return EXIT_BAD_INPUT
    else:
        sys.stdout.write(text)
    code = EXIT_OK
    if args.html:
        from cute_inspect.render.html import build_report

        if dot_missing_note(args.html):
            code = EXIT_BAD_INPUT
        problems: list = []
        if not write_output("--html", args.html, build_report(trace, problems=problems)):
            return EXIT_BAD_INPUT
        problem = problems[0] if problems else None
        if problem and code == EXIT_OK:  # the report is written; only its graph is missing
            print(f"cute-inspect: note: {args.html} has no graph: {problem}", file=sys.stderr)
            code = EXIT_BAD_INPUT
    for error in trace.errors:
        print(f"cute-inspect: note: could not observe {error}", file=sys.stderr)
    return code
