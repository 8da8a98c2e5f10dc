"""`cute-inspect trace TARGET`: compile a target under the tracer and print its records."""

from __future__ import annotations

import os
import sys

from cute_inspect.findings import EXIT_OK
from cute_inspect.trace.explain import explain


def default_arch() -> str:
    return os.environ.get("CUTE_DSL_ARCH", "sm_100a")


def add_target_arguments(parser) -> None:
    """TARGET and --arch, shared by every command that traces."""
    parser.add_argument("target", metavar="TARGET",
                        help="MODULE:FUNCTION or FILE.py:FUNCTION; the function compiles kernels with fake tensors")
    parser.add_argument("--arch", default=default_arch(),
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
            return trace_target(target, arch=arch), contracts, None
    except Exception as exc:  # every failure of the user's code becomes a one-line message and an exit code
        findings = contracts.findings if contracts else []
        for finding in findings:
            print_finding(finding)
        code, message = explain(exc)
        hint = " (the contract findings above are the likely cause)" if findings else ""
        print(f"cute-inspect: {message}{hint}", file=sys.stderr)
        return None, contracts, code


def register(subparsers) -> None:
    p = subparsers.add_parser("trace", help="record every tile and partition of a compile, labelled by level",
                              description=__doc__)
    add_target_arguments(p)
    p.add_argument("--format", choices=("text", "json", "markdown"), default="text")
    p.add_argument("-o", "--output", metavar="FILE", help="write there instead of standard output")
    p.add_argument("--html", metavar="FILE", help="also write the self-contained HTML report")
    p.set_defaults(func=_main)


def _main(args) -> int:
    from cute_inspect.trace import report as _report

    trace, _contracts, code = run_target(args.target, args.arch)
    if trace is None:
        return code
    text = {"text": _report.format_text, "json": _report.format_json,
            "markdown": _report.format_markdown}[args.format](trace)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if args.html:
        from cute_inspect.render.html import write_report

        write_report(trace, args.html)
    for error in trace.errors:
        print(f"cute-inspect: note: could not observe {error}", file=sys.stderr)
    return EXIT_OK
