"""Check the shape comments kernels already carry against a trace, suggest `expect` specs, explain API contracts.

    import cute_inspect
    from cute_inspect.comments import check_comments, suggest

    t = cute_inspect.trace_target("examples/cutlass_blackwell_persistent.py:compile_1cta", arch="sm_100a")
    for f in check_comments(t):                # CI2xx findings, in the lint's Finding shape
        print(f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}")
    print("\\n".join(suggest(t)))              # one expect(...) per traced tensor

The command line is ``cute-inspect check TARGET [--arch ARCH] [--suggest]``.
"""

from cute_inspect.comments.checks import CommentReport, check_comments, comment_report

__all__ = ["check_comments", "comment_report", "CommentReport"]
