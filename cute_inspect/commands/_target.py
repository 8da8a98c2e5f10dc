"""What every command that traces shares: TARGET and --arch, running the target, printing findings."""

from __future__ import annotations

import argparse
import os
import sys

from cute_inspect.commands._isolate import target_stdout_to_stderr
from cute_inspect.findings import EXIT_BAD_INPUT


def default_arch() -> str:
    return os.environ.get("CUTE_DSL_ARCH", "sm_100a")


def arch(text: str) -> str:
    """An --arch value the installed CuTeDSL knows (argparse type)."""
    from cute_inspect.trace.target import TargetError, arch_problem  # late: `lint` without --arch needs no tracer

    try:
        problem = arch_problem(text)
    except TargetError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if problem:
        raise argparse.ArgumentTypeError(problem)
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
    from cute_inspect.check.explain import explain
    from cute_inspect.trace.target import set_arch, trace_target

    contracts = None
    try:
        set_arch(arch)  # before the guard imports cutlass: the DSL reads the arch once, at import
        with target_stdout_to_stderr(), guard() as contracts:
            trace = trace_target(target, arch=arch)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # whatever the user's code does becomes a one-line message and an exit code
        findings = contracts.findings if contracts else []
        for finding in findings:
            print_finding(finding)
        if isinstance(exc, SystemExit):
            code, message = EXIT_BAD_INPUT, (f"{target}: the target called sys.exit({exc.code!r}) before its "
                                             "compile finished; a target must return")
        else:
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
    import shutil  # here: `lint` imports this module and never needs it

    if not shutil.which("dot"):
        print(f"cute-inspect: note: graphviz's `dot` is missing; {what} lays its graph out in the browser",
              file=sys.stderr)
