"""Where a traced compile's extra CPU time goes: the tracer's hooks, the cyclic collector, and the calls it adds.

    python examples/corpus/cost_parts.py KERNEL [--rounds 3] [--calls]

Runs the kernel (a corpus module, as `measure.py` names them) in its own process, compiled once plain and once
traced to warm up, then `--rounds` times each, alternating. Per compile, by the process's CPU clock: the whole
compile, the time inside the tracer's hooks (`after`, `on_slice`, `on_index`, ... and the passes when the trace
ends), and the time the collector ran (`gc.callbacks`) with its collections by generation; medians are printed.
On a machine other work shares, the hooks' and the collector's own times move far less than the compile's.
`--calls` adds one profiled pair: the Python calls (cProfile's count, functions and builtins) a plain and a traced
compile make; their difference does not depend on the load. Needs the corpus's checkouts (see _sources.py).
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import os
import statistics
import sys
import time

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(os.path.dirname(_HERE))
_HOOKS = ("after", "on_slice", "on_index", "on_load", "on_store", "on_stage_index", "on_pointer_store", "finish")


class _Clocks:
    """CPU seconds in the tracer's hooks and in the collector since the last `reset`."""

    def __init__(self):
        self.hooks = collections.Counter()
        self.gc, self.collections, self._gc_start = 0.0, [0, 0, 0], 0.0

    def reset(self) -> None:
        self.hooks.clear()
        self.gc, self.collections = 0.0, [0, 0, 0]

    def collector(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_start = time.process_time()
        else:
            self.gc += time.process_time() - self._gc_start
            self.collections[info["generation"]] += 1

    def timed(self, name: str, method):
        def hook(*args, **kwargs):
            start = time.process_time()
            try:
                return method(*args, **kwargs)
            finally:
                self.hooks[name] += time.process_time() - start
        return hook


def _calls(compile_one) -> int:
    import cProfile
    import pstats

    profile = cProfile.Profile(time.process_time)
    profile.enable()
    compile_one()
    profile.disable()
    return sum(entry[1] for entry in pstats.Stats(profile).stats.values())


def _child(module: str, rounds: int, calls: bool) -> dict:
    sys.path[:0] = [_HERE, _ROOT]
    import warnings

    warnings.simplefilter("ignore")
    import measure
    from cute_inspect.trace import tracer

    wrapper = __import__(module)
    plain, traced = wrapper.compile_only, lambda: measure._traced(wrapper.compile_only)
    result = {"kernel": module}
    if calls:  # before the hooks are timed: the count is of the tracer as it is
        plain(), traced()
        result["calls_plain"], result["calls_traced"] = _calls(plain), _calls(traced)
    clocks = _Clocks()
    for name in _HOOKS:
        if hasattr(tracer._Tracer, name):
            setattr(tracer._Tracer, name, clocks.timed(name, getattr(tracer._Tracer, name)))
    gc.callbacks.append(clocks.collector)
    plain(), traced()
    rows = {"plain": [], "traced": []}
    for _ in range(rounds):
        for kind, compile_one in (("plain", plain), ("traced", traced)):
            clocks.reset()
            start = time.process_time()
            compile_one()
            rows[kind].append({"cpu": time.process_time() - start, "gc": clocks.gc,
                               "collections": list(clocks.collections), "hooks": dict(clocks.hooks)})
    for kind, runs in rows.items():
        result[kind] = {"cpu": statistics.median(r["cpu"] for r in runs),
                        "gc": statistics.median(r["gc"] for r in runs), "collections": runs[-1]["collections"],
                        "hooks": {h: statistics.median(r["hooks"].get(h, 0.0) for r in runs) for h in _HOOKS}}
    result["ratio"] = statistics.median(t["cpu"] / p["cpu"] for p, t in zip(rows["plain"], rows["traced"]))
    return result


def _report(r: dict) -> str:
    p, t = r["plain"], r["traced"]
    hooks = sorted(((s, h) for h, s in t["hooks"].items() if s), reverse=True)
    lines = [f"{r['kernel']}: plain {p['cpu']:.3f} s, traced {t['cpu']:.3f} s (median ratio {r['ratio']:.3f})",
             f"  tracer hooks {sum(s for s, _ in hooks):.3f} s: " + ", ".join(f"{h} {s:.3f}" for s, h in hooks),
             f"  collector: plain {p['gc']:.3f} s {p['collections']}, traced {t['gc']:.3f} s {t['collections']}"]
    if "calls_plain" in r:
        lines.append(f"  calls: plain {r['calls_plain']}, traced {r['calls_traced']}, "
                     f"added {r['calls_traced'] - r['calls_plain']}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernel", help="a corpus module (measure.py's names)")
    parser.add_argument("--rounds", type=int, default=3, help="plain and traced compiles timed, alternating")
    parser.add_argument("--calls", action="store_true", help="also count the calls of one profiled pair")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(_child(args.kernel, args.rounds, args.calls)))
        return 0
    sys.path.insert(0, _HERE)
    from measure import run_in_child

    result = run_in_child("cost_parts", __file__, args.kernel,
                          ["--rounds", str(args.rounds)] + (["--calls"] if args.calls else []))
    if result is None:
        return 1
    print(_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
