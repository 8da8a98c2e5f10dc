"""How many copies with a shared-memory side carry a bank figure or a reason, and what the analysis costs.

    python examples/traffic/coverage.py [--repeats 3] [--only NAME...] [--json FILE]

Runs our GEMMs (sm80, sm90, sm100) and the 17 kernels of examples/corpus, each in its own process (CuTeDSL
reads CUTE_DSL_ARCH once). Per kernel: the traced copies with a shared-memory side (counted per source line
and per distinct figure, as a reader sees them, and per record), how many carry a figure (`ways`), how many a
reason, how many neither; copies with a global side and a coalescing figure. Cost: the time spent in the
traffic capture (while tracing) and analysis (after it) over the rest of the trace as `cute-inspect trace`
runs it, the median of `--repeats` traces. Needs no GPU.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(os.path.dirname(_HERE))
_CORPUS = os.path.join(_ROOT, "examples", "corpus")

OURS = {"sm80_gemm": ("gemm.sm80:compile_only", "sm_80"), "sm90_gemm": ("gemm.sm90:compile_only", "sm_90a"),
        "sm100_gemm": ("gemm.sm100:compile_only", "sm_100a")}


def _targets() -> dict:
    sys.path.insert(0, _CORPUS)
    import measure

    out = dict(OURS)
    for module, _project in measure.CORPUS:
        out[module] = (f"{module}:compile_only", measure._arch_of(module))
    return out


def _compile(target: str):
    module, _, function = target.partition(":")
    return getattr(__import__(module, fromlist=[function]), function)


def _traced(build):
    """The trace as `cute-inspect trace` makes it; (trace, seconds in all, seconds in the traffic capture and
    analysis). The model's caches are emptied first: the command traces once per process."""
    import cute_inspect
    from cute_inspect.check.contracts import guard
    from cute_inspect.trace import copy_traffic, tracer
    from cute_inspect.trace import traffic as model

    for cached in (copy_traffic.geometry, copy_traffic._figure, model.layout, model._relative_wavefronts):
        cached.cache_clear()
    spent = [0.0]
    capture, annotate = tracer._capture_traffic, tracer.annotate_traffic

    def timed(function):
        def run(*args):
            start = time.perf_counter()
            try:
                return function(*args)
            finally:
                spent[0] += time.perf_counter() - start
        return run

    tracer._capture_traffic, tracer.annotate_traffic = timed(capture), timed(annotate)
    start = time.perf_counter()
    try:
        with guard(), cute_inspect.trace() as trace:
            build()
    finally:
        tracer._capture_traffic, tracer.annotate_traffic = capture, annotate
    return trace, time.perf_counter() - start, spent[0]


def _count(trace) -> dict:
    from cute_inspect.trace.shape import info_of

    counts = {"smem_copies": 0, "figure": 0, "reason": 0, "model_error": 0, "none": 0, "smem_lines": 0,
              "gmem_copies": 0, "coalescing": 0, "mma_smem": 0, "reasons": {}}
    lines = set()
    for r in trace.records:
        if r.op == "gemm" and "banks" in r.meta:
            counts["mma_smem"] += 1
        if r.op != "copy":
            continue
        texts = r.meta.get("copy_atom") or {}
        spaces = {info_of(t).memspace for t in (texts.get("src"), texts.get("dst")) if t}
        if not texts:
            spaces = {s for i in r.inputs for s in trace.records[i].memspaces}
        if "gmem" in spaces:
            counts["gmem_copies"] += 1
            counts["coalescing"] += "coalescing" in r.meta
        if "smem" not in spaces:
            continue
        counts["smem_copies"] += 1
        banks = r.meta.get("banks")
        key = (r.file, r.line, json.dumps(banks, sort_keys=True))
        if key not in lines:
            lines.add(key)
            counts["smem_lines"] += 1
        if banks is None:
            counts["none"] += 1
        elif banks.get("ways") is not None:
            counts["figure"] += 1
        elif banks.get("reason", "").startswith("model error"):
            counts["model_error"] += 1
            counts["reasons"][banks["reason"]] = counts["reasons"].get(banks["reason"], 0) + 1
        else:
            counts["reason"] += 1
            short = banks["reason"][:90]
            counts["reasons"][short] = counts["reasons"].get(short, 0) + 1
    return counts


def _child(name: str, target: str, repeats: int) -> dict:
    sys.path[:0] = [_CORPUS, _ROOT]
    import warnings

    warnings.simplefilter("ignore")
    result = {"kernel": name}
    try:
        build = _compile(target)
        trace, _, _ = _traced(build)
    except Exception as exc:  # noqa: BLE001  (a kernel that fails to compile is reported, not counted)
        result["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        return result
    result.update(_count(trace))
    result["observer_errors"] = list(trace.errors)
    totals, analysis = [], []
    for _ in range(repeats):
        _, total, spent = _traced(build)
        totals.append(total)
        analysis.append(spent)
    if repeats:
        result["overhead"] = statistics.median(a / (t - a) for a, t in zip(analysis, totals))
        result["trace_s"] = statistics.median(totals)
        result["analysis_s"] = statistics.median(analysis)
    return result


def _run(name: str, target: str, arch: str, repeats: int) -> dict:
    env = dict(os.environ, CUTE_DSL_ARCH=arch)
    proc = subprocess.run([sys.executable, __file__, "--child", name, target, "--repeats", str(repeats)],
                          capture_output=True, text=True, env=env, cwd=_ROOT, check=False)
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    return {"kernel": name, "error": f"process failed: {tail}"}


def table(results: list) -> str:
    rows = [("| kernel | smem copies (records) | distinct (line, figure) | figure | reason | neither | "
             "gmem copies with sectors | trace s | analysis overhead |"), "| --- " * 9 + "|"]
    total = {k: 0 for k in ("smem_copies", "smem_lines", "figure", "reason", "none", "model_error", "gmem_copies",
                            "coalescing")}
    for r in results:
        if "error" in r:
            rows.append(f"| {r['kernel']} | {r['error'][:80]} | | | | | | | |")
            continue
        for k in total:
            total[k] += r[k]
        rows.append(f"| {r['kernel']} | {r['smem_copies']} | {r['smem_lines']} | {r['figure']} | {r['reason']} | "
                    f"{r['none'] + r['model_error']} | {r['coalescing']}/{r['gmem_copies']} | "
                    f"{r.get('trace_s', 0):.2f} | {100 * r.get('overhead', 0):.1f}% |")
    covered = total["figure"] + total["reason"]
    overheads = [r["overhead"] for r in results if "overhead" in r]
    rows.append(f"| **all** | {total['smem_copies']} | {total['smem_lines']} | {total['figure']} | {total['reason']} | "
                f"{total['none'] + total['model_error']} | {total['coalescing']}/{total['gmem_copies']} | | "
                f"median {100 * statistics.median(overheads) if overheads else 0:.1f}%, "
                f"max {100 * max(overheads, default=0):.1f}% |")
    rows.append("")
    rows.append(f"covered (figure or reason): {covered}/{total['smem_copies']} = "
                f"{100 * covered / max(1, total['smem_copies']):.1f}% of copies with a shared-memory side")
    return "\n".join(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--json")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(_child(*args.child, args.repeats)))
        return 0
    results = []
    for name, (target, arch) in _targets().items():
        if args.only and name not in args.only:
            continue
        results.append(_run(name, target, arch, args.repeats))
        print(json.dumps({k: v for k, v in results[-1].items() if k != "reasons"}), file=sys.stderr)
    print(table(results))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
