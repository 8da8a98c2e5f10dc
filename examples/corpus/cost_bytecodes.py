"""The Python bytecodes a traced compile spends in cute-inspect, by phase and by function: a count that does not
depend on the machine's load.

    python examples/corpus/cost_bytecodes.py KERNEL [--warm 2] [--top 40] [--json FILE]

Runs the kernel (a corpus module, as `measure.py` names them) in its own process: `--warm` plain and traced
compiles, then one traced compile (as `measure.py` times it: the tracer and the contract guard) counted with
`sys.settrace` opcode events in every frame that is cute-inspect's own or that its code called. The wrappers of
`patch.py` and the resource capture are counted themselves, not the CuTe call they wrap (a plain compile makes
it too). Each opcode goes to a phase, the cute-inspect function entered from outside (`after`, `on_slice`,
`finish`, ...; `<wrapper>` for the wrappers), and to its owner, the innermost cute-inspect function on the stack
(CuTeDSL code a rule calls counts as that rule's). The split printed: the hooks, the label pass when the trace
ends (`finish`, traffic, buffers), the source lookups (`source.py`, in any phase), the rest. Needs the corpus's
checkouts (see _sources.py); a count takes several times as long as the compile.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(os.path.dirname(_HERE))
_PACKAGE = os.path.join(_ROOT, "cute_inspect") + os.sep
# frames that run the user's CuTe call inside: their own opcodes count, their callees only if ours
_WRAPPERS = {(os.path.join(_PACKAGE, "trace", "patch.py"), name)
             for name in ("wrapper", "__getitem__", "__setitem__", "method", "store", "index", "_notify")} \
    | {(os.path.join(_PACKAGE, "trace", "resources.py"), "wrapper")}
# the trace's context managers: what they call is a phase of its own
_CONTEXTS = {"trace", "guard", "observing", "_heap_frozen", "types_cached", "capturing", "__enter__", "__exit__",
             "_traced"}
_HOOKS = {"after", "before", "on_slice", "on_index", "on_load", "on_store", "on_stage_index", "on_pointer_store",
          "<wrapper>", "allocated", "launched", "tmem"}
_END = {"finish", "annotate", "describe_buffers"}


class _Counter:
    """sys.settrace's functions: opcodes by (phase, owner), and each function's inclusive count and calls."""

    def __init__(self):
        self.owned = collections.Counter()  # (phase, owner file, owner function) -> opcodes
        self.inclusive = collections.Counter()
        self.calls = collections.Counter()
        self.frames: dict = {}  # frame -> [phase, owner, opcodes so far, ours, a wrapper]

    def call(self, frame, event, _arg):
        if event != "call":
            return None
        code = frame.f_code
        ours = code.co_filename.startswith(_PACKAGE)
        parent = self.frames.get(frame.f_back)
        if parent is None or parent[4]:  # entered from outside, or from a wrapper (its CuTe call is the user's)
            if not ours:
                return None
            wrapper = (code.co_filename, code.co_name) in _WRAPPERS
            phase = "<wrapper>" if wrapper else code.co_name
        else:
            wrapper, phase = False, parent[0]
            if phase in _CONTEXTS and ours and code.co_name not in _CONTEXTS:
                phase = code.co_name
        owner = (code.co_filename, f"{code.co_name}:{code.co_firstlineno}") if ours else parent[1]
        self.frames[frame] = [phase, owner, 0, ours, wrapper]
        if ours:
            self.calls[(phase,) + owner] += 1
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        return self.step

    def step(self, frame, event, _arg):
        entry = self.frames.get(frame)
        if entry is None:
            return None
        if event == "opcode":
            self.owned[(entry[0],) + entry[1]] += 1
            entry[2] += 1
        elif event == "return":
            del self.frames[frame]
            if entry[3]:
                self.inclusive[(entry[0],) + entry[1]] += entry[2]
            parent = self.frames.get(frame.f_back)
            if parent is not None:
                parent[2] += entry[2]
        return self.step


def _child(module: str, warm: int) -> dict:
    sys.path[:0] = [_HERE, _ROOT]
    sys.setrecursionlimit(10000)
    import warnings

    warnings.simplefilter("ignore")
    import measure

    wrapper = __import__(module)
    for _ in range(warm):
        wrapper.compile_only()
        measure._traced(wrapper.compile_only)
    counter = _Counter()
    sys.settrace(counter.call)
    try:
        measure._traced(wrapper.compile_only)
    finally:
        sys.settrace(None)

    def name(key):
        return f"{key[0]}|{os.path.relpath(key[1], _ROOT)}|{key[2]}"

    return {"kernel": module, "owned": {name(k): n for k, n in counter.owned.items()},
            "inclusive": {name(k): n for k, n in counter.inclusive.items()},
            "calls": {name(k): n for k, n in counter.calls.items()}}


def _split(owned: dict) -> dict:
    parts = {"hooks": 0, "label pass": 0, "source lookups": 0, "rest": 0}
    for key, n in owned.items():
        phase, file, _ = key.split("|")
        part = "source lookups" if file.endswith(os.path.join("trace", "source.py")) else \
            "hooks" if phase in _HOOKS else "label pass" if phase in _END else "rest"
        parts[part] += n
    return parts


def _report(r: dict, top: int) -> str:
    total = sum(r["owned"].values())
    parts = _split(r["owned"])
    phases, owners = collections.Counter(), collections.Counter()
    for key, n in r["owned"].items():
        phase, file, function = key.split("|")
        phases[phase] += n
        owners[f"{file}:{function}"] += n
    lines = [f"{r['kernel']}: {total:,} bytecodes in cute-inspect per traced compile",
             "  " + ", ".join(f"{k} {v:,} ({100 * v / total:.1f}%)" for k, v in parts.items()),
             "  by phase: " + ", ".join(f"{p} {n:,}" for p, n in phases.most_common(10)),
             "  functions (own bytecodes, with the CuTeDSL code they call):"]
    lines += [f"    {n:>10,} {100 * n / total:5.1f}%  {owner}" for owner, n in owners.most_common(top)]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernel", help="a corpus module (measure.py's names)")
    parser.add_argument("--warm", type=int, default=2, help="plain and traced compiles before the one counted")
    parser.add_argument("--top", type=int, default=30, help="functions listed")
    parser.add_argument("--json", help="write the counts (by phase|file|function) to this file")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(_child(args.kernel, args.warm)))
        return 0
    sys.path.insert(0, _HERE)
    from measure import run_in_child

    result = run_in_child("cost_bytecodes", __file__, args.kernel, ["--warm", str(args.warm)])
    if result is None:
        return 1
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f)
    print(_report(result, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
