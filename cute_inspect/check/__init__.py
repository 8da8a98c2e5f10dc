"""Check shapes at compile time: `expect` specs, the shape comments kernels already carry, and CuTe's API contracts.

    from cute_inspect.check import expect      # in a kernel: fails the compile when the shape is not so
    expect(gA, "(bM, bK, RestK)", bM=128, bK=64)
    expect_conflict_free(tiled_copy, tAsA, tArA, smem=sA)   # fails the compile on a bank-conflicted copy

    import cute_inspect
    from cute_inspect.check import check_comments, guard, suggest

    with guard() as contracts:                 # CI3xx: CuTe's API contracts, checked at each call
        t = cute_inspect.trace_target("examples/cutlass_blackwell_persistent.py:compile_1cta", arch="sm_100a")
    for f in check_comments(t) + contracts.findings:   # CI2xx and CI3xx, in the lint's Finding shape
        print(f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}")
    for s in suggest(t):                       # one expect(...) per traced tensor
        print(s)

The command line is ``cute-inspect check TARGET [--arch ARCH] [--suggest]``; docs/check.md has the details.
"""

from cute_inspect.check.banks import BankConflictError, expect_conflict_free
from cute_inspect.check.comments import CommentReport, check_comments, comment_report
from cute_inspect.check.contracts import ContractError, guard
from cute_inspect.check.expect import ShapeCheckError, expect
from cute_inspect.check.spec import SpecError
from cute_inspect.check.suggest import Suggestion, suggest

__all__ = ["expect", "ShapeCheckError", "expect_conflict_free", "BankConflictError", "SpecError", "check_comments", "comment_report", "CommentReport", "guard",
           "ContractError", "suggest", "Suggestion"]
