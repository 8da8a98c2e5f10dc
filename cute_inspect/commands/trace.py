"""`cute-inspect trace TARGET`: compile a target under the tracer and print its records."""

from __future__ import annotations

import dataclasses
import json
import sys

from cute_inspect.commands._target import add_target_arguments, dot_missing_note, run_target
from cute_inspect.findings import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK


def register(subparsers) -> None:
    p = subparsers.add_parser("trace", help="record every tile and partition of a compile, labelled by level",
                              description=__doc__)
    add_target_arguments(p)
    p.add_argument("--format", choices=("text", "json", "markdown"), default="text")
    p.add_argument("-o", "--output", metavar="FILE", help="write there instead of standard output")
    p.add_argument("--html", metavar="FILE", help="also write the self-contained HTML report")
    p.add_argument("--sweep", metavar="NAME=V1,V2,...", action="append",
                   help="trace every combination of these values of the target's keyword arguments (repeatable) "
                        "and print one table: fits or not, SMEM/TMEM used, failed checks")
    p.set_defaults(func=_main, target_run=lambda args: args.target)


def _main(args) -> int:
    from cute_inspect.commands._output import check_outputs, write_output
    from cute_inspect.trace import report as _report
    from cute_inspect.trace.source import relative
    from cute_inspect.trace.target import target_file

    source = target_file(args.target)
    if not check_outputs([("-o", args.output), ("--html", args.html)],
                         {source: "the target's source file"} if source else None):
        return EXIT_BAD_INPUT
    if args.sweep:
        if args.html:
            print("cute-inspect: --html: not with --sweep (one report per trace; trace one config for its report)",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        return _sweep(args)
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

        dot_missing_note(args.html)
        problems: list = []
        if not write_output("--html", args.html, build_report(trace, problems=problems)):
            return EXIT_BAD_INPUT
        problem = problems[0] if problems else None
        if problem and code == EXIT_OK:  # the report is written; only its graph is missing
            print(f"cute-inspect: note: {args.html} has no graph: {problem}", file=sys.stderr)
            code = EXIT_BAD_INPUT
    for error in trace.errors:
        print(f"cute-inspect: note: could not observe {error}", file=sys.stderr)
    for budget in trace.resources.values():  # a config that cannot launch: said now, not by a failing launch
        for problem in budget.problems():
            print(f"cute-inspect: {relative(budget.file)}:{budget.line}: {problem}", file=sys.stderr)
            code = code or EXIT_FINDINGS
    return code


def _sweep(args) -> int:
    from cute_inspect.commands._output import write_output
    from cute_inspect.sweep import SweepError, format_table, parse_sweeps, sweep

    try:
        grid = parse_sweeps(args.sweep)
        rows = sweep(args.target, args.arch, grid)
    except SweepError as error:
        print(f"cute-inspect: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    text = (json.dumps([dataclasses.asdict(r) for r in rows], indent=1) + "\n" if args.format == "json"
            else format_table(grid, rows))
    if args.output:
        if not write_output("-o", args.output, text):
            return EXIT_BAD_INPUT
    else:
        sys.stdout.write(text)
    return EXIT_OK if all(r.ok for r in rows) else EXIT_FINDINGS
