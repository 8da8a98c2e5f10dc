"""Run several compile targets of one arch under `guard()` and the tracer; print what each gave, as JSON.

    python tests/comment_corpus/run_cases.py sm_80 tests/comment_corpus/comments_sm80.py:compile_comments ...

One process per arch (the DSL reads CUTE_DSL_ARCH once), many targets per process, to keep the tests fast.
"""

import json
import sys


def _finding(f):
    return {"path": f.path, "line": f.line, "column": f.column, "code": f.code, "message": f.message}


def main(arch, targets):
    from cute_inspect.trace.shape import format_shape
    from cute_inspect.trace.target import set_arch, trace_target

    set_arch(arch)
    from cute_inspect.findings import unsuppressed
    from cute_inspect.check.comments import comment_report
    from cute_inspect.check.contracts import guard
    from cute_inspect.check.suggest import suggest

    results = {}
    for target in targets:
        out = {"error": None, "error_type": None, "findings": [], "checked": 0, "disagreeing": 0,
               "suggestions": []}
        contracts = None
        try:
            with guard() as contracts:
                trace = trace_target(target, arch=arch)
        except Exception as exc:
            out["error"], out["error_type"] = str(exc), type(exc).__name__
            out["findings"] = [_finding(f) for f in contracts.findings] if contracts else []
            results[target] = out
            continue
        report = comment_report(trace)
        out["findings"] = [_finding(f) for f in unsuppressed(report.findings + contracts.findings)]
        out["checked"], out["disagreeing"] = report.checked, report.disagreeing
        shapes = {}
        for record in trace.records:
            for name, shape in zip(record.names, record.shapes):
                shapes.setdefault((record.file, record.line, name), (record.kernel, shape))
        for s in suggest(trace):
            kernel, shape = next(v for k, v in shapes.items() if k[1] == s.line and k[2] == s.name
                                 and k[0].endswith(s.path))
            out["suggestions"].append({"kernel": kernel, "name": s.name, "spec": s.spec,
                                       "shape": format_shape(shape), "text": str(s)})
        results[target] = out
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
