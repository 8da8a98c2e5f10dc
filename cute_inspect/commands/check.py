"""`cute-inspect check TARGET`: compare the shape comments of a kernel with its trace; check API contracts.

Prints ``path:line:col: CODE message`` per finding (CI2xx comments, CI3xx contracts), then a summary line on
standard error; ``# noqa: CI205`` on a line and ``# cute-inspect: noqa: CI205`` in a file silence findings as in
``cute-inspect lint``. Exit codes: 0 nothing found, 1 findings, 2 bad target or a compile error (printed with the
contract findings that explain it). ``--suggest`` prints an ``expect(...)`` per traced tensor instead.
"""

from __future__ import annotations

import dataclasses
import json
import sys

from cute_inspect.commands._target import add_target_arguments, print_finding, run_target
from cute_inspect.findings import EXIT_FINDINGS, EXIT_OK


def register(subparsers) -> None:
    p = subparsers.add_parser("check", help="check a kernel's shape comments and CuTe API contracts against a trace",
                              description=__doc__)
    add_target_arguments(p)
    p.add_argument("--suggest", action="store_true",
                   help="print the expect(...) spec that holds for each traced tensor instead of checking")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="json: {findings: [{path, line, column, code, message}], checked, disagreeing}")
    p.add_argument("--include-library", action="store_true",
                   help="also check comments in CuTeDSL's own library kernels (cutlass/utils/gemm)")
    p.set_defaults(func=_main, target_run=lambda args: args.target)


def trace_and_check(target: str, arch: str):
    """Trace `target` under the contract guard and check its shape comments: (trace, findings, exit code).

    On a failed compile the trace is None and the exit code is set (the cause is already printed); the
    findings are CI2xx and CI3xx, in the `Finding` shape, before any ``noqa`` is applied. ``lint --trace`` uses it.
    """
    from cute_inspect.check.comments import check_comments

    trace, contracts, code = run_target(target, arch)
    if trace is None:
        return None, [], code
    return trace, sorted(set(check_comments(trace)) | set(contracts.findings)), None


def _main(args) -> int:
    from cute_inspect.check.comments import comment_report
    from cute_inspect.check.suggest import suggest
    from cute_inspect.findings import unsuppressed

    trace, contracts, code = run_target(args.target, args.arch)
    if trace is None:
        return code
    if args.suggest:
        for line in suggest(trace, include_library=args.include_library):
            print(line)
        return EXIT_OK
    report = comment_report(trace, include_library=args.include_library)
    findings = unsuppressed(sorted(set(report.findings) | set(contracts.findings)))
    if args.format == "json":
        json.dump({"findings": [dataclasses.asdict(f) for f in findings], "checked": report.checked,
                   "disagreeing": report.disagreeing}, sys.stdout, indent=1)
        print()
    else:
        for finding in findings:
            print_finding(finding)
    print(f"cute-inspect: {report.checked} shape comments checked, {report.disagreeing} disagree with the trace; "
          f"{len(contracts.findings)} contract findings", file=sys.stderr)
    return EXIT_FINDINGS if findings else EXIT_OK
