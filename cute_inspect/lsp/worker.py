"""Trace one target in this process and write what the language server needs as JSON (run in a subprocess).

    python -m cute_inspect.lsp.worker gemm.sm90:compile_only sm_90a out.json

The server never imports CuTeDSL itself: the DSL reads its arch once per process and a compile can hang or crash,
so each trace runs here, and the server reads only the JSON: per traced tensor its shape, mode names, level
labels, memory, dtype, op and derivation; per copy its bank conflicts and coalescing; the shape-comment and API-contract findings; or the one-line cause of a
failed compile with the file and line it names.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time

from cute_inspect.trace.levels import symbols
from cute_inspect.trace.shape import format_shape

_WHERE = re.compile(r"(?P<path>[^\s:'\"`]+\.py):(?P<line>\d+)")
_DATA_OPS = ("copy", "gemm")


def _where(message: str) -> dict:
    """The first ``path.py:line`` a failure message names: where the user's code broke."""
    match = _WHERE.search(message)
    if not match:
        return {"path": None, "line": None}
    return {"path": os.path.abspath(match["path"]), "line": int(match["line"])}


def _made_from(records, record) -> list:
    """The view ancestry of a record's tensor, outermost first: ``[[name, shape, op that made the next], ...]``."""
    steps, seen = [], set()
    while record.inputs and record.index not in seen and len(steps) < 12:
        seen.add(record.index)
        source = records[record.inputs[0]]
        output = record.input_outputs[0] if record.input_outputs else 0
        name = source.names[output] if output < len(source.names) and source.names[output] else f"({source.op})"
        steps.append([name, format_shape(source.shapes[output]), record.op])
        record = source
    return steps[::-1]


def _tensors(trace) -> list:
    from cute_inspect.render.hierarchy import formula

    by_index = {r.index: r for r in trace.records}
    found = []
    for r in trace.records:
        if r.op in _DATA_OPS:
            continue
        for i, shape in enumerate(r.shapes):
            found.append({
                "index": r.index, "output": i, "name": r.names[i] if i < len(r.names) else None,
                "file": os.path.abspath(r.file), "line": r.line, "col": r.col, "function": r.function,
                "kernel": r.kernel, "library": r.library, "op": r.op, "shape": format_shape(shape),
                "modes": symbols(r.levels[i]), "labelled": r.labelled_shape(i), "reading": formula(r, i),
                "memspace": r.memspaces[i], "dtype": r.dtypes[i], "swizzle": r.swizzles[i], "layout": r.layouts[i],
                "derivation": r.derivation, "made_from": _made_from(by_index, r),
                "chain": [[os.path.abspath(f), line, fn] for f, line, fn in r.chain],
            })
    return found


def _copies(trace) -> list:
    """Per traced copy (and MMA reading shared memory) with a traffic figure: where it is and the figure."""
    from cute_inspect.trace.copy_traffic import traffic_text

    found, seen = [], set()
    for r in trace.records:
        if r.op not in _DATA_OPS or not ({"banks", "coalescing"} & set(r.meta)):
            continue
        entry = {"file": os.path.abspath(r.file), "line": r.line, "op": r.op, "kernel": r.kernel,
                 "operands": list(r.meta.get("_operands", ())), "traffic": traffic_text(r),
                 "banks": r.meta.get("banks"), "coalescing": r.meta.get("coalescing")}
        key = json.dumps(entry, sort_keys=True)
        if key not in seen:
            seen.add(key)
            found.append(entry)
    return found


def trace_facts(target: str, arch: str) -> dict:
    """Trace `target` for `arch` under the API-contract guard; the result as a JSON-ready dict."""
    from cute_inspect.check import check_comments, guard
    from cute_inspect.findings import unsuppressed
    from cute_inspect.check.explain import explain
    from cute_inspect.trace.target import set_arch, stop_compiles_at_ir, trace_target

    started = time.monotonic()
    result = {"target": target, "arch": arch, "ok": False, "tensors": [], "copies": [], "findings": [], "error": None,
              "notes": []}
    try:
        stop_compiles_at_ir()
        set_arch(arch)  # before the guard imports cutlass: the DSL reads the arch once, at import
        with guard() as contracts:
            trace = trace_target(target, arch=arch)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # whatever the user's code does (sys.exit too) becomes one located message
        if isinstance(exc, SystemExit):
            message = f"{target}: the target called sys.exit({exc.code!r}) before its compile finished"
        else:
            _code, message = explain(exc)
        result["error"] = {"message": message, **_where(message)}
    else:
        if not trace.records:
            result["error"] = {"message": f"{target} compiled no kernel under the tracer", "path": None, "line": None}
        else:
            result["ok"] = True
            result["tensors"] = _tensors(trace)
            result["copies"] = _copies(trace)
            findings = unsuppressed(sorted(set(check_comments(trace)) | set(contracts.findings)))
            result["findings"] = [{"path": os.path.abspath(f.path), "line": f.line, "column": f.column,
                                   "code": f.code, "message": f.message} for f in findings]
            result["notes"] = [f"could not observe {e}" for e in trace.errors]
    result["seconds"] = round(time.monotonic() - started, 3)
    return result


def main(argv: list[str]) -> int:
    target, arch, out = argv
    result = trace_facts(target, arch)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
