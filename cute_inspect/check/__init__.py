"""Check the shape comments kernels already carry against a trace, suggest `expect` specs, explain API contracts.

    import cute_inspect
    from cute_inspect.comments import check_comments, guard, suggest

    with guard() as contracts:                 # CI3xx: CuTe's API contracts, checked at each call
        t = cute_inspect.trace_target("examples/cutlass_blackwell_persistent.py:compile_1cta", arch="sm_100a")
    for f in check_comments(t) + contracts.findings:   # CI2xx and CI3xx, in the lint's Finding shape
        print(f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}")
    for s in suggest(t):                       # one expect(...) per traced tensor
        print(s)

The command line is ``cute-inspect check TARGET [--arch ARCH] [--suggest]``; docs/check.md has the details.
"""

from cute_inspect.comments.checks import CommentReport, check_comments, comment_report
from cute_inspect.comments.contracts import ContractError, guard
from cute_inspect.comments.suggest import Suggestion, suggest



def trace_and_check(target: str, arch: str):
    """Trace `target` under the contract guard and check its shape comments: (trace, findings, exit code).

    On a failed compile the trace is None and the exit code is set (the cause is already printed); the
    findings are CI2xx and CI3xx, in the lint's `Finding` shape, before any ``noqa`` is applied.
    """
    from cute_inspect._trace_cli import run_target

    trace, contracts, code = run_target(target, arch)
    if trace is None:
        return None, [], code
    return trace, sorted(set(check_comments(trace)) | set(contracts.findings)), None


__all__ = ["check_comments", "comment_report", "CommentReport", "guard", "ContractError", "suggest", "Suggestion",
           "trace_and_check"]
