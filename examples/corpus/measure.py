"""Measure the tracer on the corpus of real CuTeDSL kernels: does each compile plain and traced, how many records,
how many names agree with their assigning statement, how many modes are labelled, and what tracing costs.

    python examples/corpus/measure.py [--repeats 5] [--only NAME...] [--clock wall|cpu] [--json FILE]

Each kernel runs in its own process (CuTeDSL reads CUTE_DSL_ARCH once, at import), which compiles it once plain
and once traced to warm up, then `--repeats` times each, alternating plain and traced; the ratio is the median
of the per-pair ratios traced/plain (`--clock cpu`: the process's CPU time instead of wall time, steadier on a
machine whose cores other work shares). Traced means under the tracer and the contract guard, lowered to PTX and
cubin as the plain compile is: what the hooks add to a compile that builds the kernel. A second process then
times the traced compile as `cute-inspect trace` runs it, stopping at IR (`CUTE_DSL_DRYRUN`, which the DSL reads
once per process): `trace run / plain` is the median of those over the median plain compile. Needs the public
checkouts (see _sources.py) and no GPU.
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

# (module, project): the order of the table
CORPUS = (
    ("ampere_sgemm", "CUTLASS"),
    ("ampere_flash_attention_v2", "CUTLASS"),
    ("hopper_fmha", "CUTLASS"),
    ("hopper_cta_norm", "CUTLASS"),
    ("blackwell_fmha", "CUTLASS"),
    ("blackwell_fmha_bwd", "CUTLASS"),
    ("blackwell_mla", "CUTLASS"),
    ("blackwell_grouped_gemm", "CUTLASS"),
    ("blackwell_blockscaled_gemm", "CUTLASS"),
    ("blackwell_mixed_input_gemm", "CUTLASS"),
    ("blackwell_mamba2_ssd", "CUTLASS"),
    ("blackwell_rmsnorm", "CUTLASS"),
    ("flash_attn_fwd_sm80", "flash-attention"),
    ("flash_attn_fwd_sm90", "flash-attention"),
    ("flash_attn_fwd_sm100", "flash-attention"),
    ("quack_rmsnorm", "quack"),
    ("quack_softmax", "quack"),
    ("quack_cross_entropy", "quack"),
)


def _arch_of(module: str) -> str:
    with open(os.path.join(_HERE, module + ".py")) as f:
        for line in f:
            if line.startswith("ARCH = "):
                return line.split("=", 1)[1].strip().strip('"')
    raise SystemExit(f"{module}.py: no ARCH = line")


def run_in_child(tool: str, script: str, kernel: str, arguments: list[str]) -> dict | None:
    """Run ``script`` for corpus ``kernel`` in a fresh process under the kernel's arch (CuTeDSL reads
    CUTE_DSL_ARCH once, at import) and return the JSON object its last ``{`` line prints; None, with the reason
    on stderr, when the kernel is unknown or the child printed none."""
    if not os.path.exists(os.path.join(_HERE, kernel + ".py")):
        print(f"{tool}: no corpus kernel {kernel!r} in {_HERE}", file=sys.stderr)
        return None
    result, tail = _child_json([script, kernel, *arguments, "--child"], kernel)
    if result is None:
        print(f"{tool}: {kernel} failed: {tail}", file=sys.stderr)
    return result


def _child_json(argv: list[str], kernel: str, **env: str) -> tuple[dict | None, str]:
    """Run ``python argv`` under ``kernel``'s arch; the JSON object of its last ``{`` line, or None and the last
    line of its stderr."""
    proc = subprocess.run([sys.executable, *argv], capture_output=True, text=True, cwd=_ROOT,
                          env=dict(os.environ, CUTE_DSL_ARCH=_arch_of(kernel), **env))
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if lines:
        return json.loads(lines[-1]), ""
    return None, (proc.stderr.strip().splitlines() or ["no output"])[-1]


def _traced(compile_only):
    """Compile under the tracer as the trace command does; returns the trace."""
    import cute_inspect
    from cute_inspect.check.contracts import guard

    with guard(), cute_inspect.trace() as trace:
        compile_only()
    return trace


def _child(module: str, repeats: int, clock=time.perf_counter) -> dict:
    """Runs in the kernel's own process (CUTE_DSL_ARCH already set)."""
    sys.path[:0] = [_HERE, _ROOT]
    import warnings

    warnings.simplefilter("ignore")
    result = {"kernel": module, "plain": False, "traced": False}
    try:
        wrapper = __import__(module)
        wrapper.compile_only()
        result["plain"] = True
    except Exception as exc:  # a kernel that does not compile plain is reported, not measured
        result["error"] = f"plain: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        return result
    try:
        trace = _traced(wrapper.compile_only)
        result["traced"] = True
    except Exception as exc:
        result["error"] = f"traced: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        return result
    plain, traced, other = [], [], []  # other: (plain, traced) by the clock not chosen
    second = time.process_time if clock is time.perf_counter else time.perf_counter
    for _ in range(repeats):
        start, start2 = clock(), second()
        wrapper.compile_only()
        plain.append(clock() - start)
        other.append(second() - start2)
        start, start2 = clock(), second()
        trace = _traced(wrapper.compile_only)
        traced.append(clock() - start)
        other[-1] = (other[-1], second() - start2)
    import _judge

    counts = _judge.judge(trace)
    result.update(counts)
    result["observer_errors"] = list(trace.errors)
    result["plain_s"], result["traced_s"] = plain, traced
    if repeats:
        result["ratio"] = statistics.median(t / p for t, p in zip(traced, plain))
        result["ratio_other_clock"] = statistics.median(t / p for p, t in other)
    return result


def _run_child(module: str, repeats: int, clock: str, stop_at_ir: bool) -> dict:
    result, tail = _child_json([__file__, "--child", module, "--repeats", str(repeats), "--clock", clock], module,
                               CUTE_DSL_DRYRUN="1" if stop_at_ir else "0")
    return result or {"kernel": module, "plain": False, "traced": False, "error": f"process failed: {tail}"}


def _run(module: str, repeats: int, clock: str = "wall") -> dict:
    result = _run_child(module, repeats, clock, stop_at_ir=False)
    if repeats and "ratio" in result:
        at_ir = _run_child(module, repeats, clock, stop_at_ir=True)
        if "traced_s" in at_ir:
            result["trace_run_s"] = at_ir["traced_s"]
            result["trace_run_ratio"] = statistics.median(at_ir["traced_s"]) / statistics.median(result["plain_s"])
    return result


def _pct(part, whole) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def table(results: list, projects: dict) -> str:
    rows = ["| kernel | project | arch | plain | traced | records | named | names agree | derived modes labelled "
            "| traced/plain | trace run / plain |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    total = {"outputs": 0, "named": 0, "agrees": 0, "disagrees": 0, "derived_modes": 0, "labelled_modes": 0}
    for r in results:
        ok = lambda b: "yes" if b else "**no**"  # noqa: E731
        if "records" not in r:
            rows.append(f"| {r['kernel']} | {projects[r['kernel']]} | {_arch_of(r['kernel'])} | {ok(r['plain'])} | "
                        f"{ok(r['traced'])} | {r.get('error', '')} | | | | | |")
            continue
        for key in total:
            total[key] += r[key]
        rows.append(
            f"| {r['kernel']} | {projects[r['kernel']]} | {_arch_of(r['kernel'])} | yes | yes | {r['records']} | "
            f"{_pct(r['named'], r['outputs'])} | {_pct(r['agrees'], r['agrees'] + r['disagrees'])} | "
            f"{_pct(r['labelled_modes'], r['derived_modes'])} | "
            f"{format(r['ratio'], '.2f') + 'x' if 'ratio' in r else '-'} | "
            f"{format(r['trace_run_ratio'], '.2f') + 'x' if 'trace_run_ratio' in r else '-'} |")
    ratios = [r["ratio"] for r in results if "ratio" in r]
    run_ratios = [r["trace_run_ratio"] for r in results if "trace_run_ratio" in r]
    rows.append(f"| **all** | | | | | {sum(r.get('records', 0) for r in results)} | "
                f"{_pct(total['named'], total['outputs'])} | "
                f"{_pct(total['agrees'], total['agrees'] + total['disagrees'])} | "
                f"{_pct(total['labelled_modes'], total['derived_modes'])} | "
                f"{format(max(ratios), '.2f') + 'x max' if ratios else '-'} | "
                f"{format(max(run_ratios), '.2f') + 'x max' if run_ratios else '-'} |")
    return "\n".join(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5,
                        help="timed compiles of each kind per kernel (0: counts only, no timing)")
    parser.add_argument("--only", nargs="*", metavar="NAME", help="measure only these kernels")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time compiles by wall clock or by the process's CPU time")
    parser.add_argument("--json", metavar="FILE", help="also write every count and timing there")
    parser.add_argument("--details", action="store_true", help="list each disagreement and unlabelled op")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        clock = time.process_time if args.clock == "cpu" else time.perf_counter
        print(json.dumps(_child(args.child, args.repeats, clock)))
        return 0
    projects = dict(CORPUS)
    chosen = [m for m, _ in CORPUS if not args.only or m in args.only]
    results = []
    for module in chosen:
        results.append(_run(module, args.repeats, args.clock))
        print(f"measured {module}", file=sys.stderr)
    print(table(results, projects))
    if args.details:
        for r in results:
            for line in r.get("disagreements", []):
                print(f"{r['kernel']}: {line}")
            if r.get("unlabelled"):
                print(f"{r['kernel']}: unlabelled modes by op: {r['unlabelled']}")
            errors = r.get("observer_errors", [])
            for line in sorted(set(errors))[:5]:
                print(f"{r['kernel']}: observer error ({errors.count(line)}x): {line}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0 if all(r.get("traced") for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
