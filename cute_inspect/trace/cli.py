"""`cute-inspect trace TARGET`: compile a target under the tracer and print its records."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import sys

from cute_inspect.findings import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK
from cute_inspect.trace.explain import explain
from cute_inspect.trace.source import relative
from cute_inspect.trace.target import ARCHS


def default_arch() -> str:
    return os.environ.get("CUTE_DSL_ARCH", "sm_100a")


def arch(text: str) -> str:
    """An --arch value CuTeDSL knows (argparse type)."""
    if text not in ARCHS:
        raise argparse.ArgumentTypeError(f"unknown arch {text!r}: use one of {', '.join(ARCHS)}")
    return text


def add_target_arguments(parser) -> None:
    """TARGET and --arch, shared by every command that traces."""
    parser.add_argument("target", metavar="TARGET",
                        help="MODULE:FUNCTION or FILE.py:FUNCTION; the function compiles kernels with fake tensors")
    parser.add_argument("--arch", default=default_arch(), type=arch,
                        help="CuTeDSL target arch (sm_100a, sm_90a, sm_80...); default $CUTE_DSL_ARCH or sm_100a")


def print_finding(finding) -> None:
    print(f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message}")


def run_target(target: str, arch: str):
    """Trace `target` under the contract guard: (trace, contracts, None), or (None, contracts, exit code).

    On failure the contract findings seen so far are printed first (they usually explain CuTe's error), then the
    one-line cause on standard error.
    """
    from cute_inspect.check.contracts import guard
    from cute_inspect.trace.target import set_arch, trace_target

    contracts = None
    try:
        set_arch(arch)  # before the guard imports cutlass: the DSL reads the arch once, at import
        with guard() as contracts:
            trace = trace_target(target, arch=arch)
    except Exception as exc:  # every failure of the user's code becomes a one-line message and an exit code
        findings = contracts.findings if contracts else []
        for finding in findings:
            print_finding(finding)
        code, message = explain(exc)
        first, *rest = message.split("\n")
        hint = " (the contract findings above are the likely cause)" if findings else ""
        print("\n".join([f"cute-inspect: {first}{hint}", *rest]), file=sys.stderr)
        return None, contracts, code
    if not trace.records:
        print(f"cute-inspect: {target}: the function ran but compiled no kernel (no tensor was recorded); "
              "it should call cute.compile(...) on fake tensors", file=sys.stderr)
        return None, contracts, EXIT_BAD_INPUT
    return trace, contracts, None


def dot_missing_note(what: str) -> None:
    """Say, when graphviz's `dot` is missing, that `what` lays its graph out in the browser instead."""
    if not shutil.which("dot"):
        print(f"cute-inspect: note: graphviz's `dot` is missing; {what} lays its graph out in the browser",
              file=sys.stderr)


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
    p.set_defaults(func=_main)


def _main(args) -> int:
    from cute_inspect.cli import bad_output, write_output
    from cute_inspect.trace import report as _report

    if bad_output("-o", args.output) or bad_output("--html", args.html):
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
        from cute_inspect.render.html import write_report

        dot_missing_note(args.html)
        problem = write_report(trace, args.html)
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
    from cute_inspect.cli import write_output
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
